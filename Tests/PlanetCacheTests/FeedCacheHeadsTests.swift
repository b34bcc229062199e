import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

/// The river reads heads of every entry, then the chosen entries whole (Benchmarks/PERF.md: a planet of
/// thousands of feeds must not read every entry's content to show one page).
@Suite("FeedCache entry heads and lookups by key")
struct FeedCacheHeadsTests {
    typealias F = CacheFixtures
    let url = CacheFixtures.feedURL
    let other = "https://other.example/feed.xml"

    func filledCache() async throws -> FeedCache {
        let cache = try FeedCache(path: ":memory:")
        try await cache.recordSuccess(
            feedURL: url,
            feed: F.feed([
                F.entry("a", title: "A", published: F.t0),
                F.entry("b", title: "B")
            ]),
            info: FetchInfo(status: 200), now: F.t0, retention: Retention())
        try await cache.recordSuccess(
            feedURL: other, feed: F.feed([F.entry("a", title: "Other A")]),
            info: FetchInfo(status: 200), now: F.t0.addingTimeInterval(F.day),
            retention: Retention())
        return cache
    }

    @Test func headsCarryOnlyWhatTheRiverSortsBy() async throws {
        try await withDeadline {
            let cache = try await filledCache()
            let heads = try await cache.entryHeads(feedURLs: [url])
            #expect(Set(heads.map(\.entry.id)) == ["a", "b"])
            let a = try #require(heads.first { $0.entry.id == "a" })
            #expect(a.entry.published == F.t0 && a.firstSeen == F.t0 && a.feedURL == url)
            #expect(a.entry.title == nil && a.entry.content == nil)
            #expect(try await cache.entryHeads(feedURLs: []).isEmpty)
        }
    }

    @Test func entriesByKeyAreWholeAndDistinguishFeeds() async throws {
        try await withDeadline {
            let cache = try await filledCache()
            let found = try await cache.entries(keys: [
                EntryKey(feedURL: other, id: "a"), EntryKey(feedURL: url, id: "b"),
                EntryKey(feedURL: url, id: "missing")
            ])
            let byKey = Dictionary(uniqueKeysWithValues: found.map { ($0.feedURL + " " + $0.entry.id, $0) })
            #expect(byKey.count == 2)
            #expect(byKey["\(other) a"]?.entry.title == "Other A")
            #expect(byKey["\(url) b"]?.entry == F.entry("b", title: "B"))
            #expect(byKey["\(other) a"]?.firstSeen == F.t0.addingTimeInterval(F.day))
        }
    }
}
