import Foundation
import TestSupport
import Testing

@testable import FeedParser

@Suite("hostile-feed.xml: every vector through the feed parser")
struct HostileFeedTests {
    static let documentURL = URL(string: "https://example.org/blog/post.html")

    @Test("hostile-feed.xml is generated from vectors.json (PLANET_RECORD=1 rewrites it)")
    func fixtureIsCurrent() throws {
        let table = try #require(SanitizerVectorTable.shipped)
        assertGolden(HostileFeed.xml(table), path: HostileFeed.sourcePath)
    }

    @Test("every item's summary and content are sanitized, no hostile link survives")
    func parsedFeedIsSafe() throws {
        let table = try #require(SanitizerVectorTable.shipped)
        let url = try #require(
            Bundle.module.url(
                forResource: "hostile-feed", withExtension: "xml",
                subdirectory: "Fixtures/sanitizer"))
        let feed = try Feed.parse(try Data(contentsOf: url), url: Self.documentURL)
        let carried = HostileFeed.carried(table.cases)
        #expect(feed.entries.count == carried.count + HostileFeed.hostileLinks.count)
        let expected = Dictionary(uniqueKeysWithValues: carried.map { ($0.id, $0) })
        for entry in feed.entries {
            for html in [entry.summary, entry.content].compactMap({ $0 }) {
                #expect(SanitizedOutputAudit.problems(in: html) == [], "\(entry.id)")
            }
            if let link = entry.link {
                #expect(link.hasPrefix("https://"), "\(entry.id): link '\(link)'")
            }
            #expect(entry.title?.contains("<") != true, "\(entry.id): title is plain text")
            // Where the parser hands the fragment over as is (not double-escaped, no CDATA markers to
            // remove: `EscapedCDATA`), with the table's base, the output is the sanitizer's for the
            // item's link: RSS item HTML resolves against it, which differs from the table's base
            // only for query- and fragment-only references (`#top`).
            if let testCase = expected[entry.id], testCase.base == Self.documentURL?.absoluteString,
                testCase.input.contains("<"), !testCase.input.contains("<![CDATA["),
                !PlainText.isDoubleEscapedHTML(testCase.input)
            {
                let base = entry.link.flatMap { URL(string: $0) } ?? Self.documentURL
                let want = HTMLSanitizer.sanitize(testCase.input, base: base)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(entry.content ?? "" == want, "\(entry.id)")
            }
        }
    }
}
