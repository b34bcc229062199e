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

    @Test("every page has its own per-feed caps: a flood takes no page, and what a cap passed over is on no later page")
    func capsPerPage() {
        let flood = (1...9).map { candidate("f\($0)", "flood", hoursAgo: Double($0) / 10) }
        let others = (1...6).map { candidate("o\($0)", "o\($0)", hoursAgo: Double($0)) }
        let pages = River.pages(flood + others, now: now, page: RiverPage(limit: 4, itemsPerFeed: 2), archivePages: 5)
        #expect(
            pages.map { $0.map(\.entry.id) } == [["f1", "f2", "o1", "o2"], ["o3", "o4", "o5", "o6"]])
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

    @Test("walking every page, dates never rise: undated entries of a new feed, spread by the per-feed cap")
    func datesNeverRiseAcrossPages() {
        // A new feed of 40 undated entries (all dated by the build that first saw them, an hour
        // ago) beside three feeds posting every hour: the cap of 5 a page used to put 5 of the
        // new feed at the top of every page, so page 2 opened newer than the index ended.
        let undated = (1...40).map { index in
            var entry = candidate("u\(index)", "new", hoursAgo: 0)
            entry.entry.published = nil
            entry.firstSeen = now.addingTimeInterval(-3600)
            entry.position = index
            return entry
        }
        let dated = ["a", "b", "c"].flatMap { feed in
            (1...30).map { candidate("\(feed)\($0)", feed, hoursAgo: Double($0) + 0.5) }
        }
        let pages = River.pages(
            undated + dated, now: now, page: RiverPage(limit: 10, itemsPerFeed: 5), archivePages: 20)
        #expect(pages.count > 2)
        expectDatesNeverRise(pages)
        // Fairness still decides what each page shows.
        for page in pages {
            #expect(Dictionary(grouping: page, by: \.source.feedURL).values.allSatisfy { $0.count <= 5 })
        }
    }

    @Test("walking every page, dates never rise, for rivers of many feeds, caps and page lengths", arguments: 0..<40)
    func datesNeverRiseForAnyRiver(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let feeds = (0..<(1 + Int(random.next() % 6))).map { "f\($0)" }
        let entries = (0..<Int(10 + random.next() % 150)).map { index in
            let feed = feeds[Int(random.next() % UInt64(feeds.count))]
            var entry = candidate("e\(index)", feed, hoursAgo: Double(random.next() % 200) / 4)
            if random.next() % 4 == 0 {
                entry.entry.published = nil
                entry.firstSeen = now.addingTimeInterval(-Double(random.next() % 3) * 3600)
            }
            return entry
        }
        let page = RiverPage(
            limit: Int(1 + random.next() % 12), itemsPerFeed: random.next() % 3 == 0 ? nil : Int(1 + random.next() % 4),
            daysPerPage: random.next() % 3 == 0 ? 1 : nil)
        expectDatesNeverRise(River.pages(entries, now: now, page: page, archivePages: 30))
    }

    /// Every page's entries are newest first, and no page holds an entry newer than the last of
    /// the page before it.
    func expectDatesNeverRise(_ pages: [[RiverEntry]], sourceLocation: SourceLocation = #_sourceLocation) {
        var previous = Date.distantFuture
        for (number, page) in pages.enumerated() {
            for entry in page {
                #expect(
                    entry.date <= previous, "page \(number + 1): \(entry.entry.id) is newer than the entry before it",
                    sourceLocation: sourceLocation)
                previous = entry.date
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so each seed gives the same river.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
