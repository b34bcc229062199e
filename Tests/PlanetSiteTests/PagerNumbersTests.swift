import Testing

@testable import PlanetSite

/// Which page numbers the pager of an archive page lists (`SiteContext.pagerNumbers`).
@Suite("Site: the pager's numbers")
struct PagerNumbersTests {
    @Test("the pager lists the first, the last and the pages within 3 of the current one, gaps marked")
    func pagerNumbers() {
        func shown(_ current: Int, _ count: Int) -> String {
            SiteContext.pagerNumbers(current: current, count: count).map {
                ($0.gapBefore ? "…" : "") + String($0.number)
            }
            .joined(separator: " ")
        }
        #expect(shown(1, 5) == "1 2 3 4 5")
        #expect(shown(1, 1000) == "1 2 3 4 …1000")
        #expect(shown(500, 1000) == "1 …497 498 499 500 501 502 503 …1000")
        #expect(shown(1000, 1000) == "1 …997 998 999 1000")
        #expect(shown(5, 9) == "1 2 3 4 5 6 7 8 9")
    }
}
