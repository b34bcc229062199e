import Foundation
import TestSupport
import Testing

@testable import FeedParser

/// Bounded work before libxml2: documents and entry HTML beyond `MarkupBudget` are refused after
/// one linear scan, never handed to libxml2's attribute and end-tag handling, which grow faster
/// than the input (one element with 100,000 attributes took 29 s to parse).
@Suite("markup budget")
struct MarkupBudgetTests {
    /// `<p a0="x" a1="x" …>` with `count` attributes.
    static func tag(_ name: String, attributes count: Int) -> String {
        var text = "<\(name)"
        text.reserveCapacity(count * 10)
        for number in 0..<count { text += " a\(number)=\"x\"" }
        return text + ">"
    }

    static func rss(item: String) -> Data {
        Data(
            ("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>t</title>\n" + item
                + "\n</channel></rss>").utf8)
    }

    @Test("a 100,000-attribute element fails its feed with the reason and the line")
    func hugeElementFails() async throws {
        let outcome = try await withDeadline {
            let data = Self.rss(item: Self.tag("item", attributes: 100_000) + "<title>t</title></item>")
            return Result { () throws(FeedParseError) in try Feed.parse(data, url: URL(string: "https://example.org/f"))
            }
        }
        guard case .failure(let error) = outcome else {
            Issue.record("a 100,000-attribute element was parsed: \(outcome)")
            return
        }
        #expect(
            error.reason
                == .malformed("refused: markup beyond the parser's bounds: line 3: a tag with more than 512 attributes")
        )
    }

    @Test("50,000 attributes on one tag of an entry's HTML: the HTML is replaced by a notice, the entry stays")
    func hugeEntryTagIsDropped() async throws {
        let feed = try await withDeadline {
            let html = Self.tag("p", attributes: 50_000) + "hidden</p>"
            let data = Self.rss(
                item: "<item><title>Kept</title><guid>https://example.org/1</guid><description><![CDATA["
                    + html + "]]></description></item>")
            return try Feed.parse(data, url: URL(string: "https://example.org/f"))
        }
        #expect(feed.entries.map(\.title) == ["Kept"])
        #expect(
            feed.entries.first?.summary
                == "<p>(HTML not shown: line 1: a tag with more than 512 attributes, beyond what planet parses)</p>")
        // Idempotent, as entry HTML read back from the cache is sanitized again.
        let notice = try #require(feed.entries.first?.summary)
        #expect(HTMLSanitizer.sanitizeEntryHTML(notice, base: nil) == notice)
    }

    @Test("deep nesting and many tags are bounded; ordinary markup is not")
    func boundsAndOrdinaryMarkup() {
        let deep = String(repeating: "<div>", count: 257) + String(repeating: "</span>", count: 257)
        #expect(MarkupBudget.html.violation(deep) == "line 1: elements nested more than 256 deep")
        let deepXML = String(repeating: "<a>", count: 300)
        #expect(MarkupBudget.document.violation(deepXML) == "line 1: elements nested more than 256 deep")
        #expect(
            MarkupBudget.html.violation(String(repeating: "<b>x</b>", count: 200_001))
                == "line 1: more than 200000 tags")
        // Void elements, omitted end tags, comments, CDATA and quoted ">" open no level and no tag.
        let sloppy =
            String(repeating: "<p>para<br><img src=x><li>item", count: 5_000)
            + "<!-- <a><a><a> --><![CDATA[<b><b>]]><a title=\"<b>>\" href='x'>link</a>"
        #expect(MarkupBudget.html.violation(sloppy) == nil)
        #expect(MarkupBudget.html.violation(Self.tag("p", attributes: 512)) == nil)
        #expect(
            MarkupBudget.html.violation("\n\n" + Self.tag("p", attributes: 513))
                == "line 3: a tag with more than 512 attributes")
        // Bare attributes (no value) count too.
        #expect(MarkupBudget.html.violation("<p" + String(repeating: " b", count: 600) + ">") != nil)
    }

    @Test("every corpus document passes the document budget")
    func corpusPasses() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var checked = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "xml" else { continue }
            let data = try Data(contentsOf: url)
            #expect(MarkupBudget.document.violation(data) == nil, "\(url.lastPathComponent)")
            checked += 1
        }
        #expect(checked > 10)
    }
}
