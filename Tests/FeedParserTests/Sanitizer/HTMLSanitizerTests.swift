import FeedParser
import Foundation
import Testing

@Suite("HTMLSanitizer: output shape")
struct HTMLSanitizerTests {
    static let base = URL(string: "https://example.org/blog/post.html")

    @Test("plain text takes the fast path and is still escaped")
    func plainText() {
        #expect(HTMLSanitizer.sanitize("a > b \"quoted\"", base: nil) == "a &gt; b \"quoted\"")
        #expect(HTMLSanitizer.sanitize("bell\u{07}", base: nil) == "bell")
    }

    @Test("attribute values are double-quoted and escaped")
    func attributeEscaping() {
        let output = HTMLSanitizer.sanitize("<abbr title='a \"b\" <c> & d'>x</abbr>", base: nil)
        #expect(output == "<abbr title=\"a &quot;b&quot; &lt;c&gt; &amp; d\">x</abbr>")
    }

    @Test("every element is closed, void elements have no end tag")
    func closing() {
        let output = HTMLSanitizer.sanitize("<ul><li>a<li>b<br><img src=x.png></ul><p>open", base: Self.base)
        #expect(
            output == "<ul><li>a</li><li>b<br><img src=\"https://example.org/blog/x.png\" alt=\"\" loading=\"lazy\">"
                + "</li></ul><p>open</p>")
    }

    @Test("deep nesting is flattened to text below libxml2's own depth limit", arguments: [200, 20_000])
    func deepNesting(depth: Int) {
        let html = String(repeating: "<span>", count: depth) + "deep" + String(repeating: "</span>", count: depth)
        let output = HTMLSanitizer.sanitize(html, base: nil)
        // Past libxml2's own depth limit (256, xmlParserMaxDepth) the fragment is not parsed at all
        // (`MarkupBudget.html`): a notice says why. Hostile input only.
        #expect(output.contains("deep<") == (depth < 250))
        #expect(output.hasPrefix("<p>(HTML not shown: line 1: elements nested more than 256 deep") == (depth >= 250))
        #expect(output.components(separatedBy: "<span>").count - 1 <= 32)
    }

    @Test("60 nested blockquotes keep 32 levels; a run of <br> keeps two")
    func nestingAndBreaksAreCapped() {
        let html = String(repeating: "<blockquote>", count: 60) + "deep" + String(repeating: "</blockquote>", count: 60)
        let output = HTMLSanitizer.sanitize(html, base: nil)
        #expect(output.components(separatedBy: "<blockquote>").count - 1 == 32)
        #expect(output.contains("deep"))
        let breaks = HTMLSanitizer.sanitize(
            "a" + String(repeating: "<br>\n", count: 20_000) + "b<br>c<br> <br><br>d", base: nil)
        #expect(breaks.replacingOccurrences(of: "\n", with: "") == "a<br><br>b<br>c<br> <br>d")
    }

    @Test("the output is well-formed XML once escaped as text (no character XML 1.0 forbids)")
    func xmlSafe() throws {
        let html = "<p title=\"\u{01}x\u{FFFE}\">a\u{0B}b\u{85}c\u{FFFF}</p>"
        let output = HTMLSanitizer.sanitize(html, base: nil)
        // U+0085 is the windows-1252 byte of "…" (as HTML reads &#133;), not a control to drop.
        #expect(output == "<p title=\"x\">ab\u{2026}c</p>")
    }

    @Test("CSS that carries meaning and no risk is kept; what can overlay the page is not (issue 28)")
    func widenedStyles() {
        func style(_ css: String, on element: String = "p") -> String {
            HTMLSanitizer.sanitize("<\(element) style=\"\(css)\">x</\(element)>", base: nil)
        }
        #expect(
            style("letter-spacing: 0.1em; text-indent: 2em")
                == "<p style=\"letter-spacing: 0.1em; text-indent: 2em\">x</p>")
        #expect(style("background: #ffeeaa") == "<p style=\"background: #ffeeaa\">x</p>")
        #expect(
            style("margin-left: 0.5in; font-size: 2ex; padding: 3ch")
                == "<p style=\"margin-left: 0.5in; font-size: 2ex; "
                + "padding: 3ch\">x</p>")
        #expect(style("width: 50%", on: "figure") == "<figure style=\"width: 50%\">x</figure>")
        // Declined: an image in the shorthand, negative spacing, and what positions or overlays.
        #expect(style("background: url(https://example.org/a.png)") == "<p>x</p>")
        #expect(style("letter-spacing: -2em; text-indent: -999px") == "<p>x</p>")
        #expect(style("display: none; position: fixed; cursor: pointer; width: 500px") == "<p>x</p>")
    }
}
