import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

/// The cache holds feed URLs with their credentials: a new cache file, and the WAL SQLite writes
/// beside it, are readable by their owner only; a file its owner made keeps its mode.
@Suite struct FeedCacheFileModeTests {
    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("a new cache file and its -wal are 0600")
    func newFileIsPrivate() async throws {
        try await withDeadline {
            let folder = CacheFixtures.temporaryPath("mode")
            defer { CacheFixtures.remove(folder) }
            let path = folder + "/.planet/cache.sqlite"
            let cache = try FeedCache(path: path)
            try await cache.recordSuccess(
                feedURL: "https://user:secret@blog.example.com/feed",
                feed: CacheFixtures.feed([CacheFixtures.entry("a")]),
                info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
            #expect(try mode(path) == 0o600)
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(try mode(path + "-wal") == 0o600)
            withExtendedLifetime(cache) {}
        }
    }

    @Test("an existing cache file keeps its owner's mode")
    func existingFileKeepsItsMode() async throws {
        let folder = CacheFixtures.temporaryPath("mode-kept")
        defer { CacheFixtures.remove(folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/cache.sqlite"
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]))
        _ = try FeedCache(path: path)
        #expect(try mode(path) == 0o640)
    }
}
