import Foundation
import Testing

@testable import FeedParser

/// What the widened allow-list keeps on real feeds (Fixtures/corpus): inline colours, lazy images,
/// a link for every embed; and every output still passes the independent audit.
@Suite("Sanitizer: safe presentation kept on the corpus")
struct KeptPresentationTests {
    static func html(_ name: String) throws -> String {
        let url = try #require(CorpusTests.corpus?.appendingPathComponent(name))
        let feed = try Feed.parse(try Data(contentsOf: url), url: CorpusTests.documentURL(name))
        return feed.entries.flatMap { [$0.summary, $0.content].compactMap { $0 } }.joined(separator: "\n")
    }

    @Test("inline colours of syntax-highlighted and styled posts survive (043, 062)")
    func colours() throws {
        #expect(try Self.html("043-geekpark-rss2-zh.xml").contains("style=\"color: rgb(44, 62, 80)\""))
        #expect(try Self.html("062-movabletype-ru-atom-css-heavy.xml").contains("color: rgb(14, 21, 29)"))
    }

    /// 177 `data-src` images each; two of them point at `E:\…` on the author's disk (scheme `e:`,
    /// refused): their alt text shows instead.
    @Test(
        "the Hexo feeds' lazy images show (028, 049)",
        arguments: ["028-foryouos-hexo-jsonfeed-1mb-zh.json", "049-foryouos-hexo-rss2-1_6mb-atomisms-zh.xml"])
    func lazyImages(_ name: String) throws {
        let html = try Self.html(name)
        #expect(html.components(separatedBy: "<img src=\"https://").count - 1 == 175)
        #expect(html.contains("image-20230716092743942"))
    }

    @Test(
        "every iframe of the corpus becomes a link, none stays an iframe",
        arguments: [
            "033-lukedorny-jsonfeed-v1_1-escaped-slashes.json", "056-fcutrecht-rss2-bogus-phpxml-pi.xml",
            "011-4fsodonline-blogger-atom.xml"
        ])
    func embeds(_ name: String) throws {
        let url = try #require(CorpusTests.corpus?.appendingPathComponent(name))
        let raw = String(decoding: try Data(contentsOf: url), as: UTF8.self).lowercased()
        let iframes =
            raw.components(separatedBy: "<iframe").count - 1 + raw.components(separatedBy: "&lt;iframe").count - 1
        let html = try Self.html(name)
        #expect(iframes > 0)
        #expect(html.components(separatedBy: ">Embedded ").count - 1 == iframes)
        #expect(!html.lowercased().contains("<iframe"))
    }

    @Test("every corpus output passes the allow-list audit", arguments: CorpusTests.cases)
    func audit(_ testCase: CorpusTests.Case) throws {
        let html = try Self.html(testCase.name)
        #expect(SanitizedOutputAudit.problems(in: html) == [])
    }
}
