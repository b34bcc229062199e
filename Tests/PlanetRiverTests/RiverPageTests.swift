import FeedParser
import Foundation
import PlanetCache
import PlanetSubscriptions
import TestSupport
import Testing

@testable import PlanetRiver

@Suite("River: a fair page")
struct RiverPageTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func source(_ name: String) -> RiverSource {
        RiverSource(feedURL: "https://\(name).example/feed", name: name)
    }

    func candidate(
        _ id: String, _ feed: String, published: Double? = nil, position: Int = 0,
        backlog: Bool = false
    ) -> RiverCandidate {
        var candidate = RiverCandidate(
            entry: Entry(id: id, published: published.map { now.addingTimeInterval($0) }),
            source: source(feed), firstSeen: now, backlog: backlog)
        candidate.position = position
        return candidate
    }

    @Test("sixty undated entries of one feed take at most items_per_feed places")
    func oneUndatedFeedCannotTakeThePage() {
        let flood = (0..<60).map { candidate("h\($0)", "heise", position: $0) }
        let others = (0..<20).map { candidate("o\($0)", "o\($0 % 10)", published: -Double($0) * 3600) }
        let river = River.build(flood + others, now: now, page: RiverPage(limit: 60, itemsPerFeed: 10))
        #expect(river.filter { $0.source.name == "heise" }.count == 10)
        // Ties at the build time keep the document's order.
        #expect(river.prefix(10).map(\.entry.id) == (0..<10).map { "h\($0)" })
        #expect(Set(river.map(\.source.name)).count == 11)
    }

    @Test func aFeedsOwnCapWinsOverThePlanets() {
        let entries = (0..<8).map { candidate("a\($0)", "a", published: -Double($0)) }
        let page = RiverPage(limit: 60, itemsPerFeed: 5, feedCaps: ["https://a.example/feed": 2])
        #expect(River.build(entries, now: now, page: page).count == 2)
        #expect(River.build(entries, now: now, page: RiverPage(limit: 60, itemsPerFeed: 5)).count == 5)
    }

    @Test func backlogEntriesAreNeverShown() {
        let river = River.build(
            [
                candidate("new-but-backlog", "a", published: -10, backlog: true),
                candidate("older", "b", published: -5000),
                candidate("newest", "a", published: -1)
            ], now: now, page: RiverPage(limit: 10))
        #expect(river.map(\.entry.id) == ["newest", "older"])
    }

    @Test func daysPerPageKeepsTheLastDays() {
        let day = 86_400.0
        let river = River.build(
            [
                candidate("today", "a", published: -3600),
                candidate("yesterday", "a", published: -day - 10),
                candidate("last-week", "b", published: -7 * day)
            ], now: now, page: RiverPage(limit: 10, daysPerPage: 2))
        #expect(river.map(\.entry.id) == ["today", "yesterday"])
    }

    @Test func aPrefixOlderThanTheCutoffSuffices() async throws {
        let now = self.now
        try await withDeadline {
            let heads = (0..<5).map {
                CachedEntry(feedURL: "f", entry: Entry(id: "\($0)"), firstSeen: now - Double($0) * 86_400)
            }
            #expect(await !River.prefixSuffices(heads, river: [], limit: 10, read: 5, olderCopies: { [] }))
            #expect(
                await River.prefixSuffices(
                    heads, river: [], limit: 10, read: 5, cutoff: now - 2 * 86_400,
                    olderCopies: { [] }))
        }
    }

    @Test func theDefaultCapIsASixthOfThePage() throws {
        #expect(FeedList.Settings(values: [:]).itemsPerFeed == 10)
        #expect(FeedList.Settings(values: ["items_per_page": "12"]).itemsPerFeed == 3)
        #expect(FeedList.Settings(values: ["items_per_feed": "4"]).itemsPerFeed == 4)
    }

    @Test func theDefaultCapShrinksWithManyFeeds() throws {
        let settings = FeedList.Settings(values: [:])
        #expect(settings.itemsPerFeed(feedCount: 6) == 10)
        #expect(settings.itemsPerFeed(feedCount: 15) == 8)
        #expect(settings.itemsPerFeed(feedCount: 52) == 3)
        #expect(FeedList.Settings(values: ["items_per_feed": "7"]).itemsPerFeed(feedCount: 52) == 7)
    }
}
