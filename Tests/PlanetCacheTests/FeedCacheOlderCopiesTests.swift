import FeedParser
import Foundation
import PlanetRiver
import TestSupport
import Testing

@testable import PlanetCache

/// The build chooses its river from the newest heads; an older head left out can still be the
/// copy of a post that stays (the copy seen first), so the cache is asked for such copies.
@Suite("FeedCache older copies of the heads read")
struct FeedCacheOlderCopiesTests {
    typealias F = CacheFixtures
    let member = "https://member.example/feed.xml"
    let aggregator = "https://aggregator.example/feed.xml"
    let other = "https://other.example/feed.xml"
    let hour: TimeInterval = 3_600

    func entry(_ id: String, link: String, published: Date) -> Entry {
        Entry(id: id, title: id, link: link, published: published)
    }

    /// The member's post, seen ten days ago, republished today by the aggregator (the same id or
    /// the same link spelled otherwise, with today's date); three newer posts of another feed.
    func cache(aggregatorID: String, aggregatorLink: String) async throws -> FeedCache {
        let cache = try FeedCache(path: ":memory:")
        let tenDaysAgo = F.t0.addingTimeInterval(-10 * F.day)
        try await cache.recordSuccess(
            feedURL: member,
            feed: F.feed([
                entry(
                    "tag:member.example,2024:hello", link: "https://member.example/notes/hello", published: tenDaysAgo)
            ]), info: FetchInfo(status: 200), now: tenDaysAgo, retention: Retention())
        try await cache.recordSuccess(
            feedURL: aggregator,
            feed: F.feed([
                entry(aggregatorID, link: aggregatorLink, published: F.t0)
            ]), info: FetchInfo(status: 200), now: F.t0, retention: Retention())
        try await cache.recordSuccess(
            feedURL: other,
            feed: F.feed(
                (1...3).map { n in
                    entry(
                        "o\(n)", link: "https://other.example/\(n)",
                        published: F.t0.addingTimeInterval(-Double(n) * hour))
                }), info: FetchInfo(status: 200), now: F.t0, retention: Retention())
        return cache
    }

    func river(_ heads: [CachedEntry], limit: Int) -> [RiverEntry] {
        River.build(
            heads.map { head in
                RiverCandidate(
                    entry: head.entry,
                    source: RiverSource(
                        feedURL: head.feedURL, name: head.feedURL,
                        siteLink: head.feedURL.replacingOccurrences(of: "/feed.xml", with: "/")),
                    firstSeen: head.firstSeen)
            }, now: F.t0, limit: limit)
    }

    @Test(arguments: [
        ("tag:member.example,2024:hello", "https://aggregator.example/p/1"),
        ("urn:aggregator:1", "HTTP://Member.Example:80/notes/hello/?utm_medium=rss#more")
    ])
    func anOlderFirstSeenCopyOutsideThePrefixIsFound(id: String, link: String) async throws {
        try await withDeadline {
            let cache = try await cache(aggregatorID: id, aggregatorLink: link)
            let feeds = [member, aggregator, other]
            let all = try await cache.entryHeads(feedURLs: feeds)
            let prefix = try await cache.entryHeads(feedURLs: feeds, newest: 3)
            let page = river(prefix, limit: 2)
            // The river of all heads keeps the member's copy (seen first, or the author's), whose
            // date puts it below the page: the page from the prefix shows the aggregator's instead.
            #expect(page.map(\.source.feedURL) == [aggregator, other])
            #expect(river(all, limit: 2).map(\.entry.id) == ["o1", "o2"])
            // Dates alone say the prefix suffices; that was the unsound answer.
            #expect(await River.prefixSuffices(prefix, river: page, limit: 2, read: 3, olderCopies: { [] }))
            let oldest = try #require(River.oldestSortDate(prefix))
            let copies = try await cache.olderCopies(of: prefix, feedURLs: feeds, notAfter: oldest)
            #expect(copies.map(\.feedURL).contains(member))
            #expect(
                try await !River.prefixSuffices(
                    prefix, river: page, limit: 2, read: 3,
                    olderCopies: {
                        try await cache.olderCopies(of: prefix, feedURLs: feeds, notAfter: oldest)
                    }))
        }
    }

    @Test func withoutCopiesThePrefixStillSuffices() async throws {
        try await withDeadline {
            let cache = try await cache(
                aggregatorID: "urn:aggregator:1", aggregatorLink: "https://aggregator.example/p/1")
            let feeds = [member, aggregator, other]
            let prefix = try await cache.entryHeads(feedURLs: feeds, newest: 3)
            let oldest = try #require(River.oldestSortDate(prefix))
            let copies = try await cache.olderCopies(of: prefix, feedURLs: feeds, notAfter: oldest)
            #expect(
                copies.allSatisfy { copy in
                    prefix.contains { $0.feedURL == copy.feedURL && $0.entry.id == copy.entry.id }
                }
            )
            #expect(
                try await River.prefixSuffices(
                    prefix, river: river(prefix, limit: 2), limit: 2, read: 3,
                    olderCopies: {
                        try await cache.olderCopies(of: prefix, feedURLs: feeds, notAfter: oldest)
                    }))
            #expect(river(prefix, limit: 2) == river(try await cache.entryHeads(feedURLs: feeds), limit: 2))
        }
    }
}
