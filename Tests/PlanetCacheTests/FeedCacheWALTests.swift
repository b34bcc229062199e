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
