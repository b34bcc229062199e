import Testing

@testable import PlanetSite

/// libcmark through `CommonMark`: HTML out, safe mode, the first heading as title.
@Suite("Markdown: CommonMark rendering")
struct CommonMarkTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let markdown: String
        let html: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "paragraph with emphasis", markdown: "Hello *world*", html: "<p>Hello <em>world</em></p>\n"),
        Case(
            id: "heading and list", markdown: "## Feeds\n\n- one\n- two\n",
            html: "<h2>Feeds</h2>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"),
        Case(id: "smart quotes", markdown: "\"planet's\"", html: "<p>\u{201C}planet\u{2019}s\u{201D}</p>\n"),
        Case(
            id: "raw HTML block omitted", markdown: "<script>alert(1)</script>\n\ntext",
            html: "<!-- raw HTML omitted -->\n<p>text</p>\n"),
        Case(
            id: "inline raw HTML omitted", markdown: "a <b onclick=\"x()\">b</b>",
            html: "<p>a <!-- raw HTML omitted -->b<!-- raw HTML omitted --></p>\n"),
        Case(id: "javascript: link emptied", markdown: "[x](javascript:alert(1))", html: "<p><a href=\"\">x</a></p>\n"),
        Case(id: "text escaped", markdown: "a < b & c", html: "<p>a &lt; b &amp; c</p>\n"),
        Case(
            id: "relative link kept", markdown: "[home](index.html)", html: "<p><a href=\"index.html\">home</a></p>\n"),
        Case(id: "empty document", markdown: "", html: "")
    ]

    @Test("Markdown renders to the expected HTML", arguments: cases)
    func renders(_ test: Case) {
        #expect(CommonMark.render(test.markdown).html == test.html)
    }

    @Test("the first block, when a heading, is the title as plain text")
    func titleFromHeading() {
        #expect(CommonMark.render("# About *this* `planet`\n\nText").title == "About this planet")
        #expect(CommonMark.render("Setext\nheading\n======\n").title == "Setext heading")
        #expect(CommonMark.render("Text first\n\n# Heading").title == nil)
        #expect(CommonMark.render("#\n").title == nil)
    }
}
