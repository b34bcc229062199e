import FeedParser
import Foundation
import PlanetFetcher

@testable import PlanetCache

/// Fixed instants and small feeds for the cache tests (tests never read the clock).
enum CacheFixtures {
    static let day: TimeInterval = 86_400
    /// 2024-01-01T00:00:00Z
    static let t0 = Date(timeIntervalSince1970: 1_704_067_200)
    static let feedURL = "https://blog.example.com/feed.xml"

    static func entry(_ id: String, title: String? = nil, published: Date? = nil) -> Entry {
        Entry(
            id: id, title: title ?? "Post \(id)", link: "https://blog.example.com/\(id)",
            published: published, author: Person(name: "Jane", email: "jane@example.com"),
            summary: "<p>Summary of \(id)</p>", content: "<p>Content of \(id)</p>",
            categories: ["swift", "feeds"],
            enclosures: [Enclosure(url: "https://blog.example.com/\(id).mp3", type: "audio/mpeg", length: 42)])
    }

    static func feed(_ entries: [Entry], title: String = "Jane's blog") -> Feed {
        Feed(format: .atom10, title: title, link: "https://blog.example.com/", entries: entries)
    }

    static func failure(_ kind: FetchFailure.Kind, status: Int? = nil, url: String = feedURL) -> FetchFailure {
        FetchFailure(kind: kind, url: URL(string: url)!, status: status, message: "HTTP \(status ?? 0)")
    }

    /// A fresh path in a new temporary folder (the folder itself is not created).
    static func temporaryPath(_ name: String = "cache.sqlite") -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("planet-cache-tests-\(UUID().uuidString)")
            .appendingPathComponent(".planet").appendingPathComponent(name).path
    }

    /// A cache file at `path` as an older planet left it: its folder created, the schema's first
    /// `version` migrations run and `user_version` set to `version`; rows may be added to it
    /// before it is closed (let it go out of scope) and opened as a `FeedCache`.
    static func olderCache(at path: String, version: Int) throws -> SQLiteDatabase {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let db = try SQLiteDatabase(path: path)
        for migration in CacheSchema.migrations.prefix(version) { try db.execute(migration) }
        try db.execute("PRAGMA user_version = \(version)")
        return db
    }

    /// Removes the temporary folder made for `path` by `temporaryPath`.
    static func remove(_ path: String) {
        let root = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent()
        try? FileManager.default.removeItem(at: root)
    }
}
