import Testing

@testable import FeedParser

/// `HTMLExcerpt`: an entry's HTML as a plain-text teaser of a width (Venus excerpt.py, rawdog truncate).
@Suite("HTML excerpt")
struct HTMLExcerptTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var html: String
        var width: Int
        var excerpt: String?
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "short text is whole", html: "<p>Hello <b>world</b></p>", width: 20, excerpt: "Hello world"),
        Case(
            id: "cut at the last word boundary, with an ellipsis",
            html: "<p>The quick brown fox jumps</p>", width: 13, excerpt: "The quick…"),
        Case(id: "a cut that falls on a space keeps the word", html: "one two three", width: 7, excerpt: "one two…"),
        Case(id: "a word longer than the width is cut", html: "Supercalifragilistic", width: 5, excerpt: "Super…"),
        Case(
            id: "images and media are left out",
            html: "<p>Look<img src=\"https://e.org/a.png\" alt=\"a cat\"></p><video src=\"https://e.org/v\">x</video>",
            width: 50, excerpt: "Look"),
        Case(
            id: "blocks do not run together", html: "<p>one</p><p>two</p><ul><li>a</li><li>b</li></ul>", width: 50,
            excerpt: "one two a b"),
        Case(
            id: "entities are decoded, not escaped", html: "Tom &amp; Jerry &lt;3", width: 50, excerpt: "Tom & Jerry <3"
        ),
        Case(id: "only an image is no excerpt", html: "<img src=\"https://e.org/a.png\">", width: 50, excerpt: nil),
        Case(id: "characters, not bytes", html: "héllo wörld ünïcode", width: 11, excerpt: "héllo wörld…")
    ]

    @Test(arguments: cases)
    func excerpt(_ test: Case) {
        #expect(HTMLExcerpt.excerpt(test.html, width: test.width) == test.excerpt)
    }
}
