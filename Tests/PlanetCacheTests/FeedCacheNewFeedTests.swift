import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

/// `new_feed_items` and the document order of entries first seen together (schema v4).
@Suite("FeedCache: a feed's first fetch")
struct FeedCacheNewFeedTests {
    typealias F = CacheFixtures
    let url = CacheFixtures.feedURL

    @Test func onlyTheNewestEntriesOfAFirstFetchAreNew() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            // Document order: undated u0, u1, then dated entries out of order.
            let entries = [
                F.entry("u0"), F.entry("u1"), F.entry("d-old", published: F.t0 - 3 * F.day),
                F.entry("d-new", published: F.t0 - F.day)
            ]
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed(entries), info: FetchInfo(), now: F.t0,
                retention: Retention(), newFeedItems: 2)
            let heads = try await cache.entryHeads(feedURLs: [url])
            let byID = Dictionary(uniqueKeysWithValues: heads.map { ($0.entry.id, $0) })
            // Newest two: the undated ones (first seen now), in document order.
            #expect(byID["u0"]?.backlog == false && byID["u1"]?.backlog == false)
            #expect(byID["d-new"]?.backlog == true && byID["d-old"]?.backlog == true)
            #expect(heads.map(\.position).sorted() == [0, 1, 2, 3])
            #expect(byID["u1"]?.position == 1 && byID["u1"]?.firstSeen == F.t0)

            // A later fetch: its new entries are new, whatever new_feed_items says.
            let later = entries + [F.entry("n1"), F.entry("n2"), F.entry("n3")]
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed(later), info: FetchInfo(), now: F.t0 + F.day,
                retention: Retention(), newFeedItems: 2)
            let again = try await cache.entryHeads(feedURLs: [url])
            #expect(again.filter(\.backlog).map(\.entry.id).sorted() == ["d-new", "d-old"])
            #expect(again.first { $0.entry.id == "n3" }?.position == 6)
            #expect(again.first { $0.entry.id == "u0" }?.position == 0)
        }
    }

    @Test func withoutTheSettingEveryEntryIsNew() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed([F.entry("a"), F.entry("b"), F.entry("c")]),
                info: FetchInfo(), now: F.t0, retention: Retention())
            #expect(try await cache.entryHeads(feedURLs: [url]).allSatisfy { !$0.backlog })
        }
    }

    @Test func ignoreUpdatedFirstSeesEntriesAtTheBuildTime() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            var entry = F.entry("u")
            entry.updated = F.t0 - 30 * F.day
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed([entry]), info: FetchInfo(), now: F.t0,
                retention: Retention(), ignoreUpdated: true)
            try await cache.recordSuccess(
                feedURL: "https://other.example/", feed: F.feed([entry]), info: FetchInfo(),
                now: F.t0, retention: Retention())
            #expect(try await cache.entryHeads(feedURLs: [url]).first?.firstSeen == F.t0)
            #expect(
                try await cache.entryHeads(feedURLs: ["https://other.example/"]).first?.firstSeen == F.t0 - 30 * F.day)
        }
    }

    @Test func newestEntryDatesArePerFeed() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: url,
                feed: F.feed([
                    F.entry("a", published: F.t0 - 9 * F.day),
                    F.entry("b", published: F.t0 - 2 * F.day)
                ]),
                info: FetchInfo(), now: F.t0, retention: Retention())
            #expect(try await cache.newestEntryDates() == [url: F.t0 - 2 * F.day])
        }
    }
}
