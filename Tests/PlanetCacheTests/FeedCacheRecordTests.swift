import FeedParser
import Foundation
import PlanetFetcher
import TestSupport
import Testing

@testable import PlanetCache

@Suite("FeedCache records fetch outcomes")
struct FeedCacheRecordTests {
    typealias F = CacheFixtures
    let url = CacheFixtures.feedURL

    @Test func successStoresStateAndEntries() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let entries = [F.entry("a", published: F.t0), F.entry("b")]
            let info = FetchInfo(
                status: 200, etag: "\"v1\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT",
                permanentRedirect: "https://new.example.com/feed.xml")
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed(entries), info: info, now: F.t0,
                retention: Retention())
            let state = try #require(try await cache.state(for: url))
            #expect(
                state
                    == FeedState(
                        url: url, etag: "\"v1\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT",
                        lastAttempt: F.t0, lastSuccess: F.t0, lastStatus: 200,
                        redirectTarget: "https://new.example.com/feed.xml",
                        title: "Jane's blog", link: "https://blog.example.com/"))
            let cached = try await cache.entries(feedURLs: [url])
            #expect(cached.map(\.entry) == entries)  // round trip, newest first; undated "b" sorts by first seen
            #expect(cached.allSatisfy { $0.firstSeen == F.t0 && $0.inDocument && $0.feedURL == url })
            #expect(try await cache.entries(feedURLs: ["https://other.example/"]).isEmpty)
            #expect(try await cache.state(for: "https://other.example/") == nil)
        }
    }

    @Test func firstSeenIsKeptAcrossUpdates() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed([F.entry("a")]), info: FetchInfo(),
                now: F.t0, retention: Retention())
            let later = F.t0.addingTimeInterval(F.day)
            let edited = F.entry("a", title: "Edited title")
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed([edited, F.entry("b")]), info: FetchInfo(),
                now: later, retention: Retention())
            let byID = Dictionary(
                uniqueKeysWithValues: try await cache.entries(feedURLs: [url]).map { ($0.entry.id, $0) })
            #expect(byID["a"]?.firstSeen == F.t0)
            #expect(byID["a"]?.entry.title == "Edited title")
            #expect(byID["b"]?.firstSeen == later)
        }
    }

    @Test func unchangedEntriesAreNotRewritten() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let entries = (0..<25).map { F.entry("e\($0)", published: F.t0.addingTimeInterval(Double($0))) }
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed(entries), info: FetchInfo(), now: F.t0,
                retention: Retention())
            let before = await cache.totalChanges
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed(entries), info: FetchInfo(),
                now: F.t0.addingTimeInterval(600), retention: Retention())
            #expect(await cache.totalChanges - before == 1)  // the feed row only

            var changed = entries
            changed[3].content = "<p>Fixed a typo</p>"
            let beforeEdit = await cache.totalChanges
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed(changed), info: FetchInfo(),
                now: F.t0.addingTimeInterval(1_200), retention: Retention())
            // The feed row, entry e3, and the content version (the site may change).
            #expect(await cache.totalChanges - beforeEdit == 3)
        }
    }

    @Test func repeatedIDInOneDocumentCountsOnce() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let feed = F.feed([F.entry("dup", title: "First"), F.entry("dup", title: "Second")])
            try await cache.recordSuccess(
                feedURL: url, feed: feed, info: FetchInfo(), now: F.t0, retention: Retention())
            let before = await cache.totalChanges
            try await cache.recordSuccess(
                feedURL: url, feed: feed, info: FetchInfo(), now: F.t0, retention: Retention())
            #expect(await cache.totalChanges - before == 1)
            #expect(try await cache.entries(feedURLs: [url]).map(\.entry.title) == ["First"])
        }
    }

    @Test func failureStreakIncrementsAndResets() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed([F.entry("a")]),
                info: FetchInfo(etag: "\"v1\""), now: F.t0, retention: Retention())
            for run in 1...3 {
                try await cache.recordFailure(
                    feedURL: url, failure: F.failure(.httpError, status: 500),
                    now: F.t0.addingTimeInterval(Double(run) * 600))
            }
            let failing = try #require(try await cache.state(for: url))
            #expect(failing.failureStreak == 3)
            #expect(failing.errorKind == "http-error")
            #expect(failing.errorMessage == "HTTP 500")
            #expect(failing.lastStatus == 500)
            #expect(failing.lastAttempt == F.t0.addingTimeInterval(1_800))
            #expect(failing.lastSuccess == F.t0)
            #expect(failing.etag == "\"v1\"")  // validators survive failures
            #expect(try await cache.entries(feedURLs: [url]).count == 1)  // entries too

            try await cache.recordNotModified(feedURL: url, now: F.t0.addingTimeInterval(2_400), retention: Retention())
            let recovered = try #require(try await cache.state(for: url))
            #expect(recovered.failureStreak == 0)
            #expect(recovered.errorKind == nil && recovered.errorMessage == nil)
            #expect(recovered.lastStatus == 304)
            #expect(recovered.lastSuccess == F.t0.addingTimeInterval(2_400))
        }
    }

    @Test func validatorsAndRedirectComeFromTheFetchedDocument() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let document = FetchedDocument(
                data: Data(), finalURL: URL(string: "https://new.example/feed")!,
                status: 200, etag: "W/\"7\"", lastModified: nil,
                permanentRedirect: URL(string: "https://new.example/feed"))
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed([]), info: FetchInfo(document), now: F.t0,
                retention: Retention())
            let state = try #require(try await cache.state(for: url))
            #expect(state.redirectTarget == "https://new.example/feed")
            #expect(state.validators == FetchValidators(etag: "W/\"7\""))
            #expect(FeedState(url: url).validators == nil)
        }
    }

    @Test func failureOfUnknownFeedCreatesState() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordFailure(feedURL: url, failure: F.failure(.hostNotFound), now: F.t0)
            let state = try #require(try await cache.state(for: url))
            var expected = FeedState(
                url: url, lastAttempt: F.t0, errorKind: "host-not-found",
                errorMessage: "HTTP 0", failureStreak: 1)
            expected.failingSince = F.t0
            #expect(state == expected)
        }
    }

    @Test func notModifiedKeepsEntriesAndValidators() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let entries = [F.entry("a", published: F.t0), F.entry("b", published: F.t0.addingTimeInterval(-F.day))]
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed(entries),
                info: FetchInfo(etag: "\"v1\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT"),
                now: F.t0, retention: Retention())
            let before = await cache.totalChanges
            try await cache.recordNotModified(feedURL: url, now: F.t0.addingTimeInterval(600), retention: Retention())
            // The feed row, and the content version: the status's HTTP code goes from 200 to 304.
            #expect(await cache.totalChanges - before == 2)
            let again = await cache.totalChanges
            try await cache.recordNotModified(feedURL: url, now: F.t0.addingTimeInterval(1_200), retention: Retention())
            #expect(await cache.totalChanges - again == 1)  // the feed row only
            #expect(try await cache.entries(feedURLs: [url]).map(\.entry) == entries)
            let state = try #require(try await cache.state(for: url))
            #expect(state.etag == "\"v1\"")
            #expect(state.lastModified == "Mon, 01 Jan 2024 00:00:00 GMT")
            #expect(state.title == "Jane's blog")
        }
    }

    @Test func goneFeedIsNotDueUntilFeedsTxtChanges() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordFailure(
                feedURL: url, failure: F.failure(.httpError, status: 410), now: F.t0,
                configFingerprint: "sha-1")
            let state = try #require(try await cache.state(for: url))
            #expect(state.gone && state.configFingerprint == "sha-1")
            #expect(!state.isDue(now: F.t0.addingTimeInterval(365 * F.day), configFingerprint: "sha-1"))
            #expect(state.isDue(now: F.t0, configFingerprint: "sha-2"))
            #expect(FeedState(url: url, gone: true).isDue(now: F.t0, configFingerprint: nil))

            try await cache.recordFailure(
                feedURL: url, failure: F.failure(.timeout), now: F.t0, configFingerprint: "sha-2")
            let notGone = try #require(try await cache.state(for: url))
            #expect(!notGone.gone && notGone.configFingerprint == nil && notGone.failureStreak == 2)
        }
    }

    @Test func retryAfterDelaysTheNextFetch() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let until = F.t0.addingTimeInterval(3_600)
            try await cache.recordFailure(
                feedURL: url, failure: F.failure(.httpError, status: 503), now: F.t0,
                retryAfter: until)
            let state = try #require(try await cache.state(for: url))
            #expect(state.retryAfter == until)
            #expect(!state.isDue(now: F.t0.addingTimeInterval(3_599), configFingerprint: nil))
            #expect(state.isDue(now: until, configFingerprint: nil))

            try await cache.recordSuccess(
                feedURL: url, feed: F.feed([]), info: FetchInfo(), now: until,
                retention: Retention())
            #expect(try await cache.state(for: url)?.retryAfter == nil)
        }
    }

    @Test func retryAfterEndsWhenFeedsTxtChanges() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordFailure(
                feedURL: url, failure: F.failure(.httpError, status: 503), now: F.t0,
                retryAfter: F.t0.addingTimeInterval(3_600), configFingerprint: "sha-1")
            let state = try #require(try await cache.state(for: url))
            #expect(state.configFingerprint == "sha-1" && !state.gone)
            #expect(!state.isDue(now: F.t0.addingTimeInterval(60), configFingerprint: "sha-1"))
            #expect(state.isDue(now: F.t0.addingTimeInterval(60), configFingerprint: "sha-2"))
        }
    }

    @Test func allStatesAreOrderedByURL() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            for feedURL in ["https://c.example/", "https://a.example/", "https://b.example/"] {
                try await cache.recordFailure(feedURL: feedURL, failure: F.failure(.timeout, url: feedURL), now: F.t0)
            }
            #expect(
                try await cache.allStates().map(\.url) == [
                    "https://a.example/", "https://b.example/", "https://c.example/"
                ]
            )
        }
    }
}

/// Atom entries with only `updated` (GitHub releases) are placed by that date when first seen, and
/// never move when it changes later.
@Suite("FeedCache first-seen time of entries with only an updated date")
struct FeedCacheFirstSeenTests {
    typealias F = CacheFixtures

    func entry(_ id: String, published: Date? = nil, updated: Date? = nil) -> Entry {
        var entry = F.entry(id, published: published)
        entry.updated = updated
        return entry
    }

    @Test func updatedOnlyEntriesAreFirstSeenAtTheirUpdatedDate() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let past = F.t0.addingTimeInterval(-30 * F.day)
            let future = F.t0.addingTimeInterval(F.day)
            let entries = [
                entry("updated-past", updated: past), entry("updated-future", updated: future),
                entry("published", published: past, updated: past), entry("undated")
            ]
            try await cache.recordSuccess(
                feedURL: F.feedURL, feed: F.feed(entries), info: FetchInfo(status: 200),
                now: F.t0, retention: Retention())
            let seen = Dictionary(
                uniqueKeysWithValues: try await cache.entries(feedURLs: [F.feedURL])
                    .map { ($0.entry.id, $0.firstSeen) })
            #expect(seen == ["updated-past": past, "updated-future": F.t0, "published": F.t0, "undated": F.t0])

            let later = [entry("updated-past", updated: F.t0.addingTimeInterval(F.day))]
            try await cache.recordSuccess(
                feedURL: F.feedURL, feed: F.feed(later), info: FetchInfo(status: 200),
                now: F.t0.addingTimeInterval(2 * F.day), retention: Retention())
            let again = try await cache.entries(feedURLs: [F.feedURL]).first { $0.entry.id == "updated-past" }
            #expect(again?.firstSeen == past)
        }
    }
}
