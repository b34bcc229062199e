import FeedParser
import Foundation
import PlanetFetcher
import TestSupport
import Testing

@testable import PlanetCache

/// The content version rises with every write that can change the site, and with no other: a
/// build compares it to the one its site was made from (schema v8).
@Suite("FeedCache content version")
struct FeedCacheContentVersionTests {
    private typealias F = CacheFixtures
    let url = F.feedURL

    /// Runs `body` and says whether the content version rose.
    func raises(_ cache: FeedCache, _ body: () async throws -> Void) async throws -> Bool {
        let before = try await cache.contentVersion()
        try await body()
        return try await cache.contentVersion() > before
    }

    @Test func documentsAndNotModified() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let entries = [F.entry("a", published: F.t0), F.entry("b", published: F.t0.addingTimeInterval(-F.day))]
            #expect(
                try await raises(cache) {
                    try await cache.recordSuccess(
                        feedURL: url, feed: F.feed(entries), info: FetchInfo(etag: "\"1\""), now: F.t0,
                        retention: Retention())
                })
            // The same document again (a server without validators): the attempt time only.
            #expect(
                try await !raises(cache) {
                    try await cache.recordSuccess(
                        feedURL: url, feed: F.feed(entries), info: FetchInfo(etag: "\"1\""),
                        now: F.t0.addingTimeInterval(600), retention: Retention())
                })
            // A 304 after a 200: the status's HTTP code changes once.
            #expect(
                try await raises(cache) {
                    try await cache.recordNotModified(
                        feedURLs: [url], now: F.t0.addingTimeInterval(1_200), retention: Retention())
                })
            #expect(
                try await !raises(cache) {
                    try await cache.recordNotModified(
                        feedURLs: [url], now: F.t0.addingTimeInterval(1_800), retention: Retention())
                })
            // An entry's content, the feed's title, an entry falling off.
            var edited = entries
            edited[1].content = "<p>Fixed</p>"
            for feed in [F.feed(edited), F.feed(edited, title: "Renamed"), F.feed([edited[0]], title: "Renamed")] {
                #expect(
                    try await raises(cache) {
                        try await cache.recordSuccess(
                            feedURL: url, feed: feed, info: FetchInfo(etag: "\"1\""),
                            now: F.t0.addingTimeInterval(2_400), retention: Retention())
                    })
            }
            #expect(try await cache.entryFacts()[url] == FeedEntryFacts(kept: 2, newest: F.t0))
            // Retention prunes "b" on a 304, 91 days on.
            #expect(
                try await raises(cache) {
                    try await cache.recordNotModified(
                        feedURLs: [url], now: F.t0.addingTimeInterval(91 * F.day),
                        retention: Retention(keepDays: 90))
                })
            #expect(try await cache.entryFacts()[url] == FeedEntryFacts(kept: 1, newest: F.t0))
            // A sanitized copy kept on the way out changes nothing the site shows.
            #expect(try await !raises(cache) { _ = try await cache.entries(keys: [EntryKey(feedURL: url, id: "a")]) })
        }
    }

    @Test func failuresHiddenEntriesMovesAndReadingLists() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: url, feed: F.feed([F.entry("a")]), info: FetchInfo(), now: F.t0,
                retention: Retention())
            #expect(
                try await raises(cache) {
                    try await cache.recordFailure(feedURL: url, failure: F.failure(.httpError, status: 500), now: F.t0)
                })
            let failing = try #require(try await cache.state(for: url))
            #expect(failing.failingSince == F.t0)
            // Failing again the same way: the streak grows, the status does not change (failing since t0).
            #expect(
                try await !raises(cache) {
                    try await cache.recordFailure(
                        feedURL: url, failure: F.failure(.httpError, status: 500),
                        now: F.t0.addingTimeInterval(600))
                })
            #expect(try await cache.state(for: url)?.failingSince == F.t0)
            #expect(try await cache.state(for: url)?.failureStreak == 2)
            #expect(
                try await raises(cache) {
                    try await cache.recordFailure(
                        feedURL: url, failure: F.failure(.httpError, status: 503),
                        now: F.t0.addingTimeInterval(1_200))
                })
            #expect(
                try await raises(cache) {
                    try await cache.recordNotModified(
                        feedURLs: [url], now: F.t0.addingTimeInterval(1_800), retention: Retention())
                })
            #expect(try await cache.state(for: url)?.failingSince == nil)

            #expect(try await raises(cache) { _ = try await cache.hide("https://blog.example.com/a", now: F.t0) })
            #expect(try await !raises(cache) { _ = try await cache.hide("https://blog.example.com/a", now: F.t0) })
            #expect(try await raises(cache) { _ = try await cache.unhide("https://blog.example.com/a") })
            #expect(try await !raises(cache) { _ = try await cache.unhide("https://blog.example.com/a") })

            #expect(try await raises(cache) { try await cache.moveFeed(from: url, to: "https://new.example/feed.xml") })
            #expect(try await cache.entryFacts()["https://new.example/feed.xml"]?.kept == 1)
            #expect(
                try await !raises(cache) { try await cache.moveFeed(from: url, to: "https://new.example/feed.xml") })

            let list = "https://list.example/opml"
            let feeds = [ListedFeed(url: "https://a.example/feed", title: "A")]
            #expect(
                try await raises(cache) {
                    try await cache.recordReadingList(list, feeds: feeds, validators: FetchValidators(), now: F.t0)
                })
            #expect(
                try await !raises(cache) {
                    try await cache.recordReadingList(
                        list, feeds: feeds, validators: FetchValidators(etag: "\"2\""), now: F.t0)
                })
            #expect(
                try await raises(cache) {
                    try await cache.recordReadingList(list, feeds: [], validators: FetchValidators(), now: F.t0)
                })
        }
    }

    /// A 304 raises the version without reading every row twice (`feedsA304Changes`): exactly
    /// when the columns the site reads change, whatever state the feed was in.
    @Test(
        "a 304 raises the content version exactly when the feed's row changes for the site",
        arguments: ["ok", "not-modified", "failing", "gone", "waiting", "unknown", "recovered"])
    func notModifiedRaisesExactlyOnChange(_ prior: String) async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let other = "https://other.example/feed.xml"
            try await cache.recordSuccess(
                feedURL: other, feed: F.feed([F.entry("o")]), info: FetchInfo(), now: F.t0,
                retention: Retention())
            try await cache.recordNotModified(feedURLs: [other], now: F.t0, retention: Retention())
            if prior != "unknown" {
                try await cache.recordSuccess(
                    feedURL: url, feed: F.feed([F.entry("a")]), info: FetchInfo(), now: F.t0,
                    retention: Retention())
            }
            switch prior {
            case "not-modified", "recovered":
                try await cache.recordNotModified(feedURLs: [url], now: F.t0, retention: Retention())
                if prior == "recovered" {
                    try await cache.recordFailure(feedURL: url, failure: F.failure(.timeout), now: F.t0)
                    try await cache.recordNotModified(feedURLs: [url], now: F.t0, retention: Retention())
                }
            case "failing":
                try await cache.recordFailure(feedURL: url, failure: F.failure(.httpError, status: 500), now: F.t0)
            case "gone":
                try await cache.recordFailure(feedURL: url, failure: F.failure(.httpError, status: 410), now: F.t0)
            case "waiting":
                try await cache.recordFailure(
                    feedURL: url, failure: F.failure(.httpError, status: 503), now: F.t0,
                    retryAfter: F.t0.addingTimeInterval(3_600))
            default: break
            }
            let digest = try await cache.outputDigest(feedURL: nil)
            let before = try await cache.state(for: url)
            let raised = try await raises(cache) {
                try await cache.recordNotModified(
                    feedURLs: [url, other], now: F.t0.addingTimeInterval(600), retention: Retention())
            }
            // The build does not read the states again after a 304: it applies the same change.
            if let before {
                #expect(
                    try await cache.state(for: url) == before.recordingNotModified(now: F.t0.addingTimeInterval(600)))
            }
            let changed = try await cache.outputDigest(feedURL: nil) != digest
            #expect(raised == changed, "\(prior): raised \(raised), row changed \(changed)")
            #expect(raised == !["not-modified", "recovered"].contains(prior), "\(prior)")
        }
    }

    @Test("a site record is kept per output folder")
    func siteRecords() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            #expect(try await cache.siteRecord(output: "/srv/a") == nil)
            let record = SiteRecord(
                output: "/srv/a", changedAt: F.t0, fingerprint: "f", contentVersion: 3,
                validUntil: nil, entries: 60, manifest: "m")
            try await cache.recordSite(record)
            var other = record
            other.output = "/srv/b"
            other.validUntil = F.t0.addingTimeInterval(F.day)
            try await cache.recordSite(other)
            #expect(try await cache.siteRecord(output: "/srv/a") == record)
            #expect(try await cache.siteRecord(output: "/srv/b") == other)
        }
    }
}
