import FeedParser
import Foundation
import PlanetCache
import Testing

@testable import PlanetRiver

/// The river's time rules say when they next change the river (`SiteValidity` takes the earliest).
@Suite("River: when time next changes the river")
struct RiverNextChangeTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let source = RiverSource(feedURL: "https://a.example/feed", name: "A")

    func head(published: Double?, firstSeen: Double = 0) -> CachedEntry {
        CachedEntry(
            feedURL: source.feedURL, entry: Entry(id: "e", published: published.map { now + $0 }),
            firstSeen: now + firstSeen, inDocument: true)
    }

    @Test("a date in the future changes the river when it comes; one first seen later, every build")
    func riverDates() {
        #expect(River.nextChange(heads: [head(published: -60)], readAll: true, now: now) == nil)
        #expect(River.nextChange(heads: [head(published: nil)], readAll: true, now: now) == nil)
        let soon = [head(published: 7_200), head(published: 3_600), head(published: -60)]
        #expect(River.nextChange(heads: soon, readAll: true, now: now) == now + 3_600)
        #expect(River.nextChange(heads: [head(published: 3_600, firstSeen: 60)], readAll: true, now: now) == now)
        #expect(River.nextChange(heads: [head(published: nil, firstSeen: 60)], readAll: true, now: now) == now)
        // The oldest head read is in the future: a head not read could be too.
        #expect(River.nextChange(heads: [head(published: 3_600)], readAll: false, now: now) == now)
        #expect(River.nextChange(heads: [], readAll: false, now: now) == nil)
    }

    @Test("days_per_page: the index changes when its oldest entry gets older than the days")
    func daysPerPage() {
        let index = [-86_400.0, -3 * 86_400].map {
            RiverEntry(entry: Entry(id: "\($0)"), source: source, date: now + $0)
        }
        #expect(RiverPage.nextChange(ofIndex: index, daysPerPage: 10) == now + 7 * 86_400)
        #expect(RiverPage.nextChange(ofIndex: index, daysPerPage: nil) == nil)
        #expect(RiverPage.nextChange(ofIndex: [], daysPerPage: 10) == nil)
    }
}
