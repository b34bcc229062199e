import Foundation
import TestSupport
import Testing

@testable import FeedParser

/// `Feed.parseConcurrently` and `Entry.sanitizingHTML(_:lanes:)` give exactly what the eager
/// `Feed.parse` gives, over every feed fixture, whatever the number of lanes.
@Suite("Concurrent parse")
struct ConcurrentParseTests {
    @Test("the fixtures are found")
    func fixturesFound() {
        #expect(DeferredSanitizingTests.cases.count >= 80)
    }

    @Test(
        "parseConcurrently equals the eager parse (1, 2, 3 and 16 lanes; with and without a URL)",
        arguments: DeferredSanitizingTests.cases)
    func equalsEager(_ testCase: DeferredSanitizingTests.Case) async throws {
        let data = try Data(
            contentsOf: try #require(DeferredSanitizingTests.fixtures).appendingPathComponent(testCase.path))
        try await withDeadline {
            for url in [URL(string: "https://feeds.example/\(testCase.path)"), nil] {
                let eager = Result { () throws(FeedParseError) in try Feed.parse(data, url: url) }
                for lanes in [1, 2, 3, 16] {
                    let concurrent: Result<Feed, FeedParseError>
                    do throws(FeedParseError) {
                        concurrent = .success(try await Feed.parseConcurrently(data, url: url, lanes: lanes))
                    } catch {
                        concurrent = .failure(error)
                    }
                    switch (eager, concurrent) {
                    case (.failure(let a), .failure(let b)):
                        #expect(a == b)
                    case (.success(let eager), .success(let concurrent)):
                        let same = concurrent == eager  // (a Bool: a failure prints no whole feed)
                        #expect(same, "\(lanes) lanes")
                        #expect(concurrent.jsonContract() == eager.jsonContract(), "\(lanes) lanes")
                    default:
                        Issue.record("one parse failed, the other did not (\(lanes) lanes)")
                    }
                }
            }
        }
    }

    @Test("the default lanes and a document with many entries: order and bytes kept")
    func manyEntries() async throws {
        let items = (0..<57).map { number in
            "<item><guid>g\(number)</guid><description>&lt;p onclick=\"x\"&gt;entry \(number) "
                + String(repeating: "&lt;a href=\"/p\(number)\"&gt;link&lt;/a&gt; ", count: number % 9)
                + "&lt;script&gt;s()&lt;/script&gt;&lt;/p&gt;</description></item>"
        }
        let data = Data(
            ("<rss version=\"2.0\"><channel><title>T</title><link>https://site.example/</link>"
                + items.joined() + "</channel></rss>").utf8)
        let url = URL(string: "https://site.example/feed.xml")
        let eager = try Feed.parse(data, url: url)
        let concurrent = try await withDeadline { try await Feed.parseConcurrently(data, url: url) }
        #expect(concurrent.entries.map(\.id) == (0..<57).map { "g\($0)" })
        #expect(concurrent.entries.allSatisfy { $0.summary?.contains("script") == false })
        let same = concurrent == eager
        #expect(same)
    }

    @Test("sanitizingHTML of many entries equals each entry's sanitizingHTML", arguments: [1, 2, 5])
    func entriesInLanes(_ lanes: Int) async throws {
        let entries = (0..<23).map { number in
            Entry(
                id: "e\(number)",
                summary: number % 3 == 0 ? nil : "<b onclick=x>s\(number)</b><a href='r\(number)'>r</a>",
                content: number % 4 == 0 ? "<script>only</script>" : "<p>c\(number)",
                htmlBase: "https://base.example/dir/")
        }
        let sanitized = try await withDeadline { await Entry.sanitizingHTML(entries, lanes: lanes) }
        #expect(sanitized == entries.map { $0.sanitizingHTML() })
        #expect(
            sanitized[1].summary == #"<b>s1</b><a href="https://base.example/dir/r1" rel="noopener noreferrer">r</a>"#)
    }
}
