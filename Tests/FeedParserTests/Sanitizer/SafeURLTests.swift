import FeedParser
import Foundation
import Testing

@Suite("HTMLSanitizer.safeURL: the URL rule for links a template prints")
struct SafeURLTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var url: String
        var base: String?
        var expected: String?
        var testDescription: String { id }
    }

    static let base = "https://example.org/blog/post.html"

    static let cases: [Case] = [
        Case(id: "https", url: "https://example.org/a?b=c#d", base: base, expected: "https://example.org/a?b=c#d"),
        Case(id: "http uppercase scheme", url: "HTTP://Example.org/", base: base, expected: "HTTP://Example.org/"),
        Case(id: "mailto", url: "mailto:jane@example.org", base: base, expected: "mailto:jane@example.org"),
        Case(id: "relative resolved", url: "../about", base: base, expected: "https://example.org/about"),
        Case(id: "fragment resolved", url: "#c1", base: base, expected: "https://example.org/blog/post.html#c1"),
        Case(id: "protocol-relative", url: "//cdn.example/x", base: base, expected: "https://cdn.example/x"),
        Case(id: "relative without base", url: "posts/1", base: nil, expected: "posts/1"),
        Case(id: "relative with file base", url: "posts/1", base: "file:///srv/feed.xml", expected: "posts/1"),
        Case(id: "spaces encoded", url: " https://example.org/a b ", base: nil, expected: "https://example.org/a%20b"),
        Case(
            id: "quotes encoded", url: "https://example.org/\"><script>", base: nil,
            expected: "https://example.org/%22%3E%3Cscript%3E"),
        Case(id: "javascript", url: "javascript:alert(1)", base: base, expected: nil),
        Case(id: "javascript case", url: "JavaScript:alert(1)", base: base, expected: nil),
        Case(id: "javascript leading space", url: "  javascript:alert(1)", base: base, expected: nil),
        Case(id: "javascript leading control", url: "\u{01}\u{1F}javascript:alert(1)", base: base, expected: nil),
        Case(id: "javascript tab inside", url: "java\tscript:alert(1)", base: base, expected: nil),
        Case(id: "javascript newline inside", url: "java\nscr\ript:alert(1)", base: base, expected: nil),
        Case(id: "javascript NUL inside", url: "java\u{0}script:alert(1)", base: base, expected: nil),
        Case(id: "javascript space before colon", url: "javascript :alert(1)", base: base, expected: nil),
        Case(id: "vbscript", url: "vbscript:msgbox(1)", base: base, expected: nil),
        Case(id: "data html", url: "data:text/html,<script>alert(1)</script>", base: base, expected: nil),
        Case(id: "data image is no link", url: "data:image/png;base64,iVBORw0KGgo=", base: base, expected: nil),
        Case(id: "file", url: "file:///etc/passwd", base: base, expected: nil),
        Case(id: "unknown scheme", url: "foo:bar", base: base, expected: nil),
        Case(id: "feed scheme", url: "feed:https://example.org/feed", base: base, expected: nil),
        Case(id: "empty", url: "", base: base, expected: nil),
        Case(id: "blank", url: " \t\n", base: base, expected: nil),
        Case(id: "relative against javascript base", url: "x", base: "javascript:alert(1)", expected: "x")
    ]

    @Test("safeURL", arguments: cases)
    func safeURL(_ testCase: Case) {
        let base = testCase.base.flatMap { URL(string: $0) }
        #expect(HTMLSanitizer.safeURL(testCase.url, base: base) == testCase.expected)
    }

    @Test("a javascript: link never survives, whatever the base")
    func javascriptNeverSurvives() {
        for base in [nil, URL(string: Self.base), URL(string: "file:///tmp/x.xml")] {
            #expect(HTMLSanitizer.safeURL("javascript:alert(1)", base: base) == nil)
        }
    }
}
