import Foundation
import TestSupport
import Testing

@testable import PlanetCache

@Suite("FeedCache schema")
struct FeedCacheSchemaTests {
    @Test func newInMemoryCacheHasCurrentSchema() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let version = try await cache.sqliteUserVersion()
            #expect(version == CacheSchema.currentVersion)
            #expect(CacheSchema.currentVersion == 11)
            #expect(
                try await cache.tableNames() == [
                    "cache_state", "entry", "face", "feed", "fetch_time", "hidden", "reading_list", "site"
                ])
            #expect(try await cache.allStates().isEmpty)
            #expect(try await cache.integrityCheck())
        }
    }

    @Test func createsParentFolderUsesWALAndForeignKeys() async throws {
        try await withDeadline {
            let path = CacheFixtures.temporaryPath()
            defer { CacheFixtures.remove(path) }
            let cache = try FeedCache(path: path)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(try await cache.pragma("journal_mode") == "wal")
            #expect(try await cache.pragma("foreign_keys") == "1")
            #expect(try await cache.pragma("busy_timeout") == "5000")
        }
    }

    @Test("a new cache file has 16 KiB pages; one written with 4 KiB pages keeps them and works")
    func pageSize() async throws {
        try await withDeadline {
            let path = CacheFixtures.temporaryPath()
            defer { CacheFixtures.remove(path) }
            #expect(try await FeedCache(path: path).pragma("page_size") == "16384")

            let old = CacheFixtures.temporaryPath()
            defer { CacheFixtures.remove(old) }
            try FileManager.default.createDirectory(
                atPath: (old as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            do {
                let db = try SQLiteDatabase(path: old)
                try db.execute("PRAGMA page_size = 4096")
                try db.execute("PRAGMA journal_mode = WAL")
                for migration in CacheSchema.migrations { try db.execute(migration) }
                try db.execute("PRAGMA user_version = \(CacheSchema.currentVersion)")
            }
            let cache = try FeedCache(path: old)
            #expect(try await cache.pragma("page_size") == "4096")
            try await cache.recordSuccess(
                feedURL: CacheFixtures.feedURL, feed: CacheFixtures.feed([CacheFixtures.entry("a")]),
                info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
            #expect(try await cache.entryHeads(feedURLs: [CacheFixtures.feedURL]).map(\.entry.id) == ["a"])
            #expect(try await cache.integrityCheck())
        }
    }

    @Test("after close, cache.sqlite alone holds everything: the WAL is checkpointed and removed")
    func closingCheckpoints() async throws {
        try await withDeadline {
            let path = CacheFixtures.temporaryPath()
            defer { CacheFixtures.remove(path) }
            do {
                let cache = try FeedCache(path: path)
                try await cache.recordSuccess(
                    feedURL: CacheFixtures.feedURL, feed: CacheFixtures.feed([CacheFixtures.entry("a")]),
                    info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
            }
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            // A copy of the file alone is the whole cache.
            let copy = (path as NSString).deletingLastPathComponent + "/copy.sqlite"
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let reopened = try FeedCache(path: copy)
            #expect(try await reopened.entryHeads(feedURLs: [CacheFixtures.feedURL]).map(\.entry.id) == ["a"])
            #expect(try await reopened.integrityCheck())
        }
    }

    struct EmptyFileCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// Makes a version-0 database at the path.
        var make: @Sendable (String) throws -> Void
    }

    static let emptyFiles: [EmptyFileCase] = [
        EmptyFileCase(testDescription: "zero-byte file") { path in
            _ = FileManager.default.createFile(atPath: path, contents: Data())
        },
        EmptyFileCase(testDescription: "database with user_version 0 and an unrelated table") { path in
            let db = try SQLiteDatabase(path: path)
            try db.execute("CREATE TABLE unrelated (x); INSERT INTO unrelated VALUES (1)")
        }
    ]

    @Test(arguments: emptyFiles)
    func migratesVersionZeroFile(_ testCase: EmptyFileCase) async throws {
        try await withDeadline {
            let path = CacheFixtures.temporaryPath()
            defer { CacheFixtures.remove(path) }
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try testCase.make(path)
            let cache = try FeedCache(path: path)
            #expect(try await cache.sqliteUserVersion() == CacheSchema.currentVersion)
            #expect(try await cache.tableNames().contains("feed"))
            try await cache.recordFailure(
                feedURL: CacheFixtures.feedURL, failure: CacheFixtures.failure(.timeout),
                now: CacheFixtures.t0)
            // Reopening does not migrate again (a second CREATE TABLE would fail).
            let reopened = try FeedCache(path: path)
            #expect(try await reopened.allStates().map(\.url) == [CacheFixtures.feedURL])
        }
    }

    @Test func refusesNewerSchema() throws {
        let path = CacheFixtures.temporaryPath()
        defer { CacheFixtures.remove(path) }
        _ = try FeedCache(path: path)
        do {
            let db = try SQLiteDatabase(path: path)
            try db.execute("PRAGMA user_version = 99")
        }
        #expect(throws: CacheError(path: path, reason: .newerSchema(found: 99, supported: CacheSchema.currentVersion)))
        {
            _ = try FeedCache(path: path)
        }
    }

    @Test func notADatabaseIsAnSQLiteError() throws {
        let path = CacheFixtures.temporaryPath()
        defer { CacheFixtures.remove(path) }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 4096))
        let error = #expect(throws: CacheError.self) { _ = try FeedCache(path: path) }
        #expect(error?.reason == .sqlite(code: 26, message: "file is not a database"))
        #expect(error?.description.hasPrefix("\(path): file is not a database") == true)
    }

    @Test func integrityCheckPassesAfterWrites() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let feed = CacheFixtures.feed([CacheFixtures.entry("a"), CacheFixtures.entry("b")])
            try await cache.recordSuccess(
                feedURL: CacheFixtures.feedURL, feed: feed, info: FetchInfo(),
                now: CacheFixtures.t0, retention: Retention())
            #expect(try await cache.integrityCheck())
        }
    }
}

extension FeedCache {
    /// `PRAGMA user_version` as stored in the file.
    func sqliteUserVersion() throws -> Int { try Self.userVersion(db) }

    /// Names of the tables in the main schema, sorted.
    func tableNames() throws -> [String] {
        try db.statement("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").rows { $0.text(0) ?? "" }
    }

    /// The first column of `PRAGMA name`, as text.
    func pragma(_ name: String) throws -> String? {
        try db.statement("PRAGMA \(name)").rows { $0.text(0) }.first ?? nil
    }
}
