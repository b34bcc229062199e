import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

/// A WAL left behind by a crash is folded into the cache file when the cache is next opened, so
/// the file alone is the whole cache again (README.md: "between builds the file alone is the
/// whole cache").
@Suite("FeedCache WAL left by a crash")
struct FeedCacheWALTests {
    @Test func leftoverWALIsCheckpointedOnOpen() async throws {
        try await withDeadline {
            let folder = CacheFixtures.temporaryPath("crash")
            defer { CacheFixtures.remove(folder) }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let live = folder + "/live.sqlite"
            let crashed = folder + "/crashed.sqlite"
            // A writer that never closes: its WAL holds the entry, the main file does not.
            let writer = try FeedCache(path: live)
            try await writer.recordSuccess(
                feedURL: CacheFixtures.feedURL, feed: CacheFixtures.feed([CacheFixtures.entry("a")]),
                info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
            // The files as a crash at this moment leaves them.
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: live + suffix) {
                try FileManager.default.copyItem(atPath: live + suffix, toPath: crashed + suffix)
            }
            #expect(FileManager.default.fileExists(atPath: crashed + "-wal"))
            withExtendedLifetime(writer) {}

            let reopened = try FeedCache(path: crashed)
            // While the next run has the cache open, its file alone already holds the entry.
            let alone = folder + "/alone.sqlite"
            try FileManager.default.copyItem(atPath: crashed, toPath: alone)
            let copy = try FeedCache(readingOnly: alone)
            #expect(try await copy.entryCounts()[CacheFixtures.feedURL] == 1)
            withExtendedLifetime(reopened) {}
        }
    }
}

/// The WAL stays within `FeedCache.walSizeLimit` (plus the transaction being written): it grew to
/// 3.4 times the cache (a 3.5 MB cache, a 12 MB WAL), and one left by a full disk stayed.
@Suite("FeedCache WAL bound")
struct FeedCacheWALBoundTests {
    /// 30 feeds of 20 entries of ~20 KB each: ~12 MB written in 30 transactions.
    @Test("while a build records many feeds, the WAL stays near its limit")
    func walStaysBoundedWhileWriting() async throws {
        try await withDeadline {
            let path = CacheFixtures.temporaryPath()
            defer { CacheFixtures.remove(path) }
            let cache = try FeedCache(path: path)
            var largest = 0
            for feed in 0..<30 {
                let entries = (0..<20).map { index in
                    var entry = CacheFixtures.entry("f\(feed)-\(index)")
                    entry.content = "<p>" + String(repeating: "words \(feed) \(index) ", count: 1_500) + "</p>"
                    return entry
                }
                try await cache.recordSuccess(
                    feedURL: "https://blog\(feed).example.com/feed.xml", feed: CacheFixtures.feed(entries),
                    info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
                largest = max(largest, FeedCache.walSize(of: path))
            }
            #expect(largest <= FeedCache.walSizeLimit + 2 * 1_024 * 1_024, "WAL reached \(largest) bytes")
            withExtendedLifetime(cache) {}
        }
    }

    @Test("a large WAL left behind (a crash, a full disk) is folded in and truncated at the next open")
    func leftoverLargeWALIsTruncatedOnOpen() async throws {
        try await withDeadline {
            let path = CacheFixtures.temporaryPath()
            defer { CacheFixtures.remove(path) }
            let crashed = (path as NSString).deletingLastPathComponent + "/crashed.sqlite"
            do {
                let writer = try CacheFixtures.olderCache(at: path, version: CacheSchema.currentVersion)
                try writer.statement("PRAGMA journal_mode = WAL").run()
                try writer.execute("PRAGMA wal_autocheckpoint = 0")
                try writer.execute("CREATE TABLE filler(b BLOB)")
                for _ in 0..<40 { try writer.execute("INSERT INTO filler VALUES (randomblob(250000))") }
                for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                    try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed + suffix)
                }
            }
            #expect(FeedCache.walSize(of: crashed) > 8 * 1_024 * 1_024)
            let reopened = try FeedCache(path: crashed)
            #expect(FeedCache.walSize(of: crashed) <= FeedCache.walSizeLimit)
            #expect(try await reopened.integrityCheck())
            withExtendedLifetime(reopened) {}
        }
    }
}
