import Testing

@testable import FeedParser

/// `EntryHTMLOptions` through `HTMLSanitizer.sanitizeEntryHTML`: tracking pixels and ad links
/// dropped by default (`TrackingMarkup`), headings demoted under the page's (Venus minhead).
@Suite("Entry HTML: tracking and headings")
struct EntryHTMLRewriteTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var html: String
        var options: EntryHTMLOptions = .standard
        var expected: String
        var testDescription: String { id }
    }

    static let pixel = "<img src=\"https://pixel.wp.com/b.gif?post=1\" width=\"1\" height=\"1\" alt=\"\">"
    static let flare =
        "<div class=\"feedflare\"><a href=\"http://feeds.feedburner.com/~ff/Blog?a=x:y\">"
        + "<img src=\"http://feeds.feedburner.com/~ff/Blog?d=x\" border=\"0\"></a></div>"

    static let cases: [Case] = [
        Case(id: "a 1x1 image is dropped", html: "<p>Hi</p>" + pixel, expected: "<p>Hi</p>"),
        Case(
            id: "keep_tracking keeps it", html: "<p>Hi</p>" + pixel, options: EntryHTMLOptions(dropsTracking: false),
            expected: "<p>Hi</p><img src=\"https://pixel.wp.com/b.gif?post=1\" width=\"1\" height=\"1\" alt=\"\""
                + " loading=\"lazy\">"),
        Case(
            id: "a zero-width image is dropped", html: "<p>a<img src=\"https://e.org/t.gif\" width=\"0\"></p>",
            expected: "<p>a</p>"),
        Case(
            id: "a 1x1 style is dropped",
            html: "<p>a<img src=\"https://e.org/t.gif\" style=\"width: 1px; height:1px\"></p>", expected: "<p>a</p>"),
        Case(
            id: "a real image stays", html: "<img src=\"https://e.org/cat.png\" width=\"1\" height=\"400\">",
            expected: "<img src=\"https://e.org/cat.png\" width=\"1\" height=\"400\" alt=\"\" loading=\"lazy\">"),
        Case(
            id: "the FeedBurner flare goes with its link", html: "<p>Post</p>" + flare,
            expected: "<p>Post</p><div></div>"),
        Case(
            id: "the FeedBurner pixel goes",
            html: "<p>x</p><img src=\"http://feeds.feedburner.com/~r/Blog/~4/abc\" alt=\"\">", expected: "<p>x</p>"),
        Case(
            id: "a FeedBurner ~r link to the post stays",
            html: "<a href=\"http://feeds.feedburner.com/~r/Blog/~3/abc/post.html\">read</a>",
            expected: "<a href=\"http://feeds.feedburner.com/~r/Blog/~3/abc/post.html\" rel=\"noopener noreferrer\">"
                + "read</a>"),
        Case(
            id: "doubleclick links and images go",
            html: "<p>a <a href=\"https://ad.doubleclick.net/click\">ad</a></p>"
                + "<img src=\"https://pagead2.googlesyndication.com/x.png\">",
            expected: "<p>a </p>"),
        Case(
            id: "feedsportal share images and da. ads go",
            html: "<p>a</p><a href=\"http://da.feedsportal.com/r/1/rc.htm\">ad</a>"
                + "<img src=\"http://res3.feedsportal.com/social/twitter.png\">",
            expected: "<p>a</p>"),
        Case(
            id: "min_heading 3 shifts h1 to h3, h4 to h6, h5 and h6 stay h6",
            html: "<h1>a</h1><h2>b</h2><h4>c</h4><h5>d</h5><h6>e</h6>",
            options: EntryHTMLOptions(minimumHeading: 3),
            expected: "<h3>a</h3><h4>b</h4><h6>c</h6><h6>d</h6><h6>e</h6>"),
        Case(
            id: "the shift is from the post's top heading: h2 becomes h3",
            html: "<div><h2>a</h2></div><h3>b</h3>", options: EntryHTMLOptions(minimumHeading: 3),
            expected: "<div><h3>a</h3></div><h4>b</h4>"),
        Case(
            id: "headings already low enough stay",
            html: "<h3>a</h3><h4>b</h4>", options: EntryHTMLOptions(minimumHeading: 3),
            expected: "<h3>a</h3><h4>b</h4>"),
        Case(id: "without min_heading nothing shifts", html: "<h1>a</h1>", expected: "<h1>a</h1>")
    ]

    @Test(arguments: cases)
    func rewrite(_ test: Case) {
        #expect(HTMLSanitizer.sanitizeEntryHTML(test.html, base: nil, options: test.options) == test.expected)
    }

    @Test("demoting is idempotent: the output sanitized again with the same options is the same")
    func demotionIsIdempotent() throws {
        let options = EntryHTMLOptions(minimumHeading: 3)
        let once = try #require(HTMLSanitizer.sanitizeEntryHTML("<h1>a</h1><h2>b</h2>", base: nil, options: options))
        #expect(HTMLSanitizer.sanitizeEntryHTML(once, base: nil, options: options) == once)
    }
}
