import Testing

@testable import PlanetSite

/// Relative URLs in sanitized entry HTML become absolute against the entry's link.
@Suite("Site: absolute URLs in entry content")
struct AbsoluteContentTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let html: String
        let base: String?
        let expected: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "root-relative href", html: "<a href=\"/about\" rel=\"noopener noreferrer\">a</a>",
            base: "https://example.com/2026/post",
            expected: "<a href=\"https://example.com/about\" rel=\"noopener noreferrer\">a</a>"),
        Case(
            id: "relative img src", html: "<img src=\"pic.png\" alt=\"\" loading=\"lazy\">",
            base: "https://example.com/2026/post",
            expected: "<img src=\"https://example.com/2026/pic.png\" alt=\"\" loading=\"lazy\">"),
        Case(
            id: "absolute URLs unchanged",
            html:
                "<a href=\"https://x.org/\" rel=\"noopener noreferrer\">x</a> <a href=\"mailto:a@b.c\" rel=\"noopener "
                + "noreferrer\">m</a>",
            base: "https://example.com/",
            expected:
                "<a href=\"https://x.org/\" rel=\"noopener noreferrer\">x</a> <a href=\"mailto:a@b.c\" rel=\"noopener "
                + "noreferrer\">m</a>"
        ),
        Case(
            id: "no base: unchanged", html: "<a href=\"/about\">a</a>", base: nil,
            expected: "<a href=\"/about\">a</a>"),
        Case(id: "text only", html: "just text", base: "https://example.com/", expected: "just text")
    ]

    @Test("relative references resolve against the base", arguments: cases)
    func resolves(_ test: Case) {
        #expect(AbsoluteContent.resolve(test.html, base: test.base) == test.expected)
    }

    @Test("relative references are found in every URL attribute, srcset candidates included")
    func detection() {
        #expect(AbsoluteContent.hasRelativeReference("<img srcset=\"https://a/1.png 1x, 2.png 2x\">"))
        #expect(!AbsoluteContent.hasRelativeReference("<img srcset=\"https://a/1.png 1x, https://a/2.png 2x\">"))
        #expect(AbsoluteContent.hasRelativeReference("<blockquote cite=\"#q\">q</blockquote>"))
        #expect(!AbsoluteContent.hasRelativeReference("<p>href=\"/x\" as text</p>"))
    }
}
