import Foundation
import Testing

@testable import FeedParser

/// `HTMLSanitizing.deferred`: raw summary/content plus `htmlBase`, which `Entry.sanitizingHTML()`
/// turns into exactly what an eager parse gives — over every feed fixture, byte for byte.
@Suite("Deferred sanitizing")
struct DeferredSanitizingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let path: String
        var testDescription: String { path }
    }

    static let fixtures = Bundle.module.resourceURL?.appendingPathComponent("Fixtures")

    /// Every feed document of the corpus and of the recovery and encoding fixtures.
    static let cases: [Case] = {
        guard let fixtures else { return [] }
        return ["corpus", "recovery", "encodings"].flatMap { folder -> [Case] in
            let names =
                (try? FileManager.default.subpathsOfDirectory(atPath: fixtures.appendingPathComponent(folder).path))
                ?? []
            return names.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.map { Case(path: folder + "/" + $0) }
        }.sorted { $0.path < $1.path }
    }()

    @Test("the fixtures are found")
    func fixturesFound() {
        #expect(Self.cases.filter { $0.path.hasPrefix("corpus/") }.count == 52)
        #expect(Self.cases.filter { $0.path.hasPrefix("recovery/") }.count == 6)
        #expect(Self.cases.filter { $0.path.hasPrefix("encodings/") }.count == 28)
    }

    @Test("deferred, then sanitized, equals eager (with and without a document URL)", arguments: cases)
    func deferredEqualsEager(_ testCase: Case) throws {
        let data = try Data(contentsOf: try #require(Self.fixtures).appendingPathComponent(testCase.path))
        for url in [URL(string: "https://feeds.example/\(testCase.path)"), nil] {
            let eager = Result { () throws(FeedParseError) in try Feed.parse(data, url: url) }
            let deferred = Result { () throws(FeedParseError) in try Feed.parse(data, url: url, sanitizing: .deferred) }
            switch (eager, deferred) {
            case (.failure(let a), .failure(let b)):
                #expect(a == b)
            case (.success(let eager), .success(var deferred)):
                deferred.entries = deferred.entries.map { $0.sanitizingHTML() }
                #expect(deferred.entries.count == eager.entries.count)
                for (lazy, strict) in zip(deferred.entries, eager.entries) where lazy != strict {
                    #expect(lazy.id == strict.id)
                    #expect(lazy.summary == strict.summary, "summary of \(strict.id)")
                    #expect(lazy.content == strict.content, "content of \(strict.id)")
                    #expect(lazy.htmlBase == strict.htmlBase, "htmlBase of \(strict.id)")
                }
                let same = deferred == eager  // (a Bool: a failure prints no whole feed)
                #expect(same)
                #expect(deferred.jsonContract() == eager.jsonContract())
            default:
                Issue.record("one mode failed, the other did not: \(eager) / \(deferred)")
            }
        }
    }

    struct Sample: CustomTestStringConvertible, Sendable {
        let name: String
        let document: String
        var testDescription: String { name }
    }

    static let hostile = """
        <rss version="2.0"><channel><title>T</title><link>https://site.example/</link>
        <item><guid>1</guid><description>&lt;p onclick="x()"&gt;hi &lt;a \
        href="/a"&gt;a&lt;/a&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;/p&gt;</description></item>
        </channel></rss>
        """

    @Test("a deferred entry holds the raw HTML and its base; sanitizingHTML makes it safe")
    func rawUntilSanitized() throws {
        let url = URL(string: "https://feeds.example/blog/feed.xml")
        let deferred = try #require(
            try Feed.parse(Data(Self.hostile.utf8), url: url, sanitizing: .deferred).entries.first)
        #expect(deferred.summary?.contains("<script>") == true)
        #expect(deferred.htmlBase == "https://feeds.example/blog/feed.xml")
        let clean = deferred.sanitizingHTML()
        #expect(clean.summary == #"<p>hi <a href="https://feeds.example/a" rel="noopener noreferrer">a</a></p>"#)
        #expect(clean.sanitizingHTML() == clean)
        let eager = try #require(try Feed.parse(Data(Self.hostile.utf8), url: url).entries.first)
        #expect(eager == clean)
    }

    static let samples: [Sample] = [
        Sample(
            name: "summary of only a script, media:description fallback",
            document: """
                <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>T</title>
                <item><link>https://s.example/1</link><description>&lt;script&gt;x()&lt;/script&gt;</description>
                <media:description>From media &amp; more</media:description></item></channel></rss>
                """),
        Sample(
            name: "different xml:base for summary and content",
            document: """
                <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
                <entry><id>e1</id><summary type="html" xml:base="https://a.example/x/">&lt;a \
                href="s"&gt;s&lt;/a&gt;</summary>
                <content type="html" xml:base="https://b.example/y/">&lt;a href="c"&gt;c&lt;/a&gt;</content></entry>\
                </feed>
                """),
        Sample(
            name: "no id, no link: the hashed id is the same in both modes",
            document: """
                <rss version="2.0"><channel><title>T</title>
                <item><title>A</title><description>&lt;b&gt;bold&lt;/b&gt;&lt;script&gt;s&lt;/script&gt;</description>\
                </item></channel></rss>
                """),
        Sample(
            name: "JSON Feed content_html empty after sanitizing falls back to content_text",
            document: """
                {"version": "https://jsonfeed.org/version/1.1", "title": "T", "items": [
                 {"id": "1", "content_html": "<script>x</script>", "content_text": "plain & text"},
                 {"id": "2", "content_html": "<p>kept</p>", "content_text": "ignored"}]}
                """),
        Sample(
            name: "double-escaped HTML",
            document: """
                <rss version="2.0"><channel><title>T</title>
                <item><guid>1</guid><description>&amp;lt;p&amp;gt;once&amp;lt;/p&amp;gt;</description></item></channel>\
                </rss>
                """)
    ]

    @Test("edge cases: deferred, then sanitized, equals eager", arguments: samples)
    func edgeCases(_ sample: Sample) throws {
        let data = Data(sample.document.utf8)
        let url = URL(string: "https://feeds.example/feed")
        let eager = try Feed.parse(data, url: url)
        var deferred = try Feed.parse(data, url: url, sanitizing: .deferred)
        deferred.entries = deferred.entries.map { $0.sanitizingHTML() }
        #expect(!eager.entries.isEmpty)
        #expect(deferred == eager)
    }

    @Test("the media fallback and the content_text fallback give what they should")
    func fallbacks() throws {
        let media = try Feed.parse(Data(Self.samples[0].document.utf8), url: nil, sanitizing: .deferred)
        #expect(media.entries.first?.sanitizingHTML().summary == "From media &amp; more")
        let json = try Feed.parse(Data(Self.samples[3].document.utf8), url: nil, sanitizing: .deferred)
        #expect(json.entries.map { $0.sanitizingHTML().content } == ["plain &amp; text", "<p>kept</p>"])
    }
}
