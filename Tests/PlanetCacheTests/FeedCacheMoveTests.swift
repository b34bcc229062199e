import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

@Suite("FeedCache moves a redirected feed")
struct FeedCacheMoveTests {
    typealias F = CacheFixtures
    let old = CacheFixtures.feedURL
    let new = "https://new.example.com/feed.xml"

    @Test func moveKeepsFirstSeenAndState() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: old, feed: F.feed([F.entry("undated")]),
                info: FetchInfo(etag: "\"v1\"", permanentRedirect: new), now: F.t0,
                retention: Retention())
            try await cache.moveFeed(from: old, to: new)
            #expect(try await cache.state(for: old) == nil)
            #expect(try await cache.entries(feedURLs: [old]).isEmpty)
            let state = try #require(try await cache.state(for: new))
            #expect(state.etag == "\"v1\"" && state.redirectTarget == nil && state.lastSuccess == F.t0)
            let moved = try await cache.entries(feedURLs: [new])
            #expect(moved.map(\.entry.id) == ["undated"] && moved.first?.firstSeen == F.t0)

            try await cache.recordSuccess(
                feedURL: new, feed: F.feed([F.entry("undated")]), info: FetchInfo(),
                now: F.t0.addingTimeInterval(F.day), retention: Retention())
            #expect(try await cache.entries(feedURLs: [new]).first?.firstSeen == F.t0)
            #expect(try await cache.integrityCheck())
        }
    }

    @Test func moveOntoAKnownFeedKeepsItsStateAndEntries() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: old, feed: F.feed([F.entry("shared"), F.entry("only-old")]),
                info: FetchInfo(etag: "\"old\""), now: F.t0, retention: Retention())
            let later = F.t0.addingTimeInterval(F.day)
            try await cache.recordSuccess(
                feedURL: new, feed: F.feed([F.entry("shared", title: "New copy")]),
                info: FetchInfo(etag: "\"new\""), now: later, retention: Retention())
            try await cache.moveFeed(from: old, to: new)
            #expect(try await cache.state(for: new)?.etag == "\"new\"")
            let byID = Dictionary(
                uniqueKeysWithValues: try await cache.entries(feedURLs: [new]).map { ($0.entry.id, $0) })
            #expect(byID["shared"]?.entry.title == "New copy" && byID["shared"]?.firstSeen == later)
            #expect(byID["only-old"]?.firstSeen == F.t0)
            #expect(try await cache.allStates().map(\.url) == [new])
        }
    }

    @Test func moveOfUnknownFeedDoesNothing() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.moveFeed(from: old, to: new)
            #expect(try await cache.allStates().isEmpty)
        }
    }
}
