import FeedParser
import Foundation
import Testing

@testable import PlanetRiver

/// `River.pages`: the index and the archive pages after it, from one deduplicated river.
@Suite("River: archive pages")
struct RiverArchiveTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func candidate(
        _ id: String, _ feed: String, hoursAgo: Double, link: String? = nil,
        backlog: Bool = false
    ) -> RiverCandidate {
        RiverCandidate(
            entry: Entry(id: id, link: link, published: now.addingTimeInterval(-3600 * hoursAgo)),
            source: RiverSource(feedURL: "https://\(feed).example/feed", name: feed),
            firstSeen: now, backlog: backlog)
    }

    @Test("pages continue the river in order, each at most the limit; no empty page, at most archivePages")
    func pagesContinueTheRiver() {
        let entries = (1...11).map { candidate("a\($0)", "a", hoursAgo: Double($0)) }
        let pages = River.pages(entries, now: now, page: RiverPage(limit: 3), archivePages: 10)
        #expect(
            pages.map { $0.map(\.entry.id) } == [
                ["a1", "a2", "a3"], ["a4", "a5", "a6"], ["a7", "a8", "a9"], ["a10", "a11"]
            ])
        let two = River.pages(entries, now: now, page: RiverPage(limit: 3), archivePages: 1)
        #expect(two.map(\.count) == [3, 3])
        #expect(River.pages(entries, now: now, page: RiverPage(limit: 3), archivePages: 0).map(\.count) == [3])
        #expect(River.pages([], now: now, page: RiverPage(limit: 3), archivePages: 4).map(\.count) == [0])
        #expect(River.build(entries, now: now, page: RiverPage(limit: 3)) == pages[0])
    }

    @Test("every page has its own per-feed caps: a flood spreads over the pages instead of taking one")
    func capsPerPage() {
        let flood = (1...9).map { candidate("f\($0)", "flood", hoursAgo: Double($0) / 10) }
        let others = (1...6).map { candidate("o\($0)", "o\($0)", hoursAgo: Double($0)) }
        let pages = River.pages(flood + others, now: now, page: RiverPage(limit: 4, itemsPerFeed: 2), archivePages: 5)
        #expect(
            pages.map { $0.map(\.entry.id) } == [
                ["f1", "f2", "o1", "o2"], ["f3", "f4", "o3", "o4"],
                ["f5", "f6", "o5", "o6"], ["f7", "f8"], ["f9"]
            ])
    }

    @Test("days_per_page shapes the index only; a duplicate and a backlog entry are on no page")
    func daysDuplicatesBacklog() {
        let entries = [
            candidate("today", "a", hoursAgo: 1),
            candidate("copy", "b", hoursAgo: 2, link: "https://a.example/post"),
            candidate("original", "a", hoursAgo: 3, link: "https://a.example/post"),
            candidate("old", "a", hoursAgo: 24 * 10),
            candidate("backlog", "a", hoursAgo: 24 * 11, backlog: true),
            candidate("older", "b", hoursAgo: 24 * 12)
        ]
        let pages = River.pages(entries, now: now, page: RiverPage(limit: 10, daysPerPage: 2), archivePages: 3)
        // No source has a site link, so neither copy is the author's: of two seen at once, the one
        // of the feed listed first stays (never the newer).
        #expect(pages.map { $0.map(\.entry.id) } == [["today", "original"], ["old", "older"]])
    }
}
