import Foundation
import PlanetCache
import TestSupport
import Testing

/// Each feed's last fetch time, kept for the next build's order (`FetchOrder`, issue 30).
@Suite("FeedCache: fetch times")
struct FeedCacheFetchTimesTests {
    @Test("times are kept by feed URL; a later record replaces a feed's time and keeps the others")
    func recordAndReplace() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            #expect(try await cache.fetchTimes().isEmpty)
            try await cache.recordFetchTimes(["https://a.example/feed": 0.25, "https://b.example/feed": 20.5])
            try await cache.recordFetchTimes(["https://a.example/feed": 1.5])
            #expect(try await cache.fetchTimes() == ["https://a.example/feed": 1.5, "https://b.example/feed": 20.5])
        }
    }
}
