import FeedParser
import Foundation
import PlanetRiver
import Testing

@testable import PlanetSite

/// `SiteEntry` prints an `updated` after the build as the build time, so such a site changes with
/// every build (`SiteValidity` takes the earliest of the time rules).
@Suite("Site: when time next changes an entry's updated")
struct SiteEntryNextChangeTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func entry(updated: Double?, headUpdated: Double?) -> RiverEntry {
        let source = RiverSource(
            feedURL: "https://a.example/feed", name: "A", head: RiverSourceHead(updated: headUpdated.map { now + $0 }))
        return RiverEntry(entry: Entry(id: "1", updated: updated.map { now + $0 }), source: source, date: now - 60)
    }

    @Test("an entry's or its feed's updated after the build: every build; otherwise never")
    func updatedAfterTheBuild() {
        #expect(SiteEntry.nextChange(of: [entry(updated: -60, headUpdated: -60)], now: now) == nil)
        #expect(SiteEntry.nextChange(of: [entry(updated: nil, headUpdated: nil)], now: now) == nil)
        #expect(SiteEntry.nextChange(of: [entry(updated: 60, headUpdated: nil)], now: now) == now)
        #expect(SiteEntry.nextChange(of: [entry(updated: nil, headUpdated: 60)], now: now) == now)
        #expect(SiteEntry.nextChange(of: [], now: now) == nil)
    }
}
