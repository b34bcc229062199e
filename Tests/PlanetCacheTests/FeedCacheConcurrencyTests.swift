import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

@Suite("FeedCache shared file")
struct FeedCacheConcurrencyTests {
    typealias F = CacheFixtures

    /// Two caches on one file stand for two overlapping cron runs: WAL and the busy timeout make
    /// the second writer wait instead of failing, and nothing is lost or corrupted.
    @Test func twoCachesOnOneFileDoNotCorrupt() async throws {
        try await withDeadline {
            let path = F.temporaryPath()
            defer { F.remove(path) }
            let first = try FeedCache(path: path)
            let second = try FeedCache(path: path)
            let feedsEach = 40
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, cache) in [first, second].enumerated() {
                    group.addTask {
                        for n in 0..<feedsEach {
                            let url = "https://feed\(index)-\(n).example/feed.xml"
                            let entries = (0..<25).map {
                                F.entry("\(url)#\($0)", published: F.t0.addingTimeInterval(Double($0)))
                            }
                            try await cache.recordSuccess(
                                feedURL: url, feed: F.feed(entries), info: FetchInfo(),
                                now: F.t0, retention: Retention())
                            try await cache.recordFailure(
                                feedURL: url, failure: F.failure(.timeout, url: url), now: F.t0)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let third = try FeedCache(path: path)
            let states = try await third.allStates()
            #expect(states.count == 2 * feedsEach)
            #expect(states.allSatisfy { $0.failureStreak == 1 && $0.errorKind == "timeout" })
            #expect(try await third.entries(feedURLs: states.map(\.url)).count == 2 * feedsEach * 25)
            #expect(try await third.integrityCheck())
            #expect(try await first.integrityCheck())
        }
    }

    @Test func aSecondCacheSeesTheFirstOnesCommits() async throws {
        try await withDeadline {
            let path = F.temporaryPath()
            defer { F.remove(path) }
            let writer = try FeedCache(path: path)
            let reader = try FeedCache(path: path)
            try await writer.recordSuccess(
                feedURL: F.feedURL, feed: F.feed([F.entry("a")]), info: FetchInfo(),
                now: F.t0, retention: Retention())
            #expect(try await reader.entries(feedURLs: [F.feedURL]).map(\.entry.id) == ["a"])
            #expect(try await reader.state(for: F.feedURL)?.lastSuccess == F.t0)
        }
    }
}
