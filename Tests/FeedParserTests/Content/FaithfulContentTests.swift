import Foundation
import PlanetBase
import Testing

@testable import FeedParser

/// What the author wrote comes through as written: each case is a minimal document and the exact
/// field the parse contract must give for it.
@Suite("Faithful content: text constructs, entities, people, bases")
struct FaithfulContentTests {
    static let web = URL(string: "https://example.org/feed")

    static func atom(_ entry: String, feed: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><link href="https://example.org/"/>\(feed)
        <entry><id>tag:example.org,2024:1</id>\(entry)</entry></feed>
        """
    }

    static func rss(_ item: String, channel: String = "<link>https://example.org/</link>") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>T</title>\(channel)
        <item><guid>g1</guid>\(item)</item></channel></rss>
        """
    }

    static func entry(_ document: String, url: URL? = web) throws -> Entry {
        try #require(try Feed.parse(Data(document.utf8), url: url).entries.first)
    }

    // MARK: 1. Declared text stays text

    @Test("Atom type=text content is text, never unescaped into markup (RFC 4287 §3.1.1.1)")
    func atomTextContent() throws {
        let entry = try Self.entry(
            Self.atom("<content type=\"text\">Never use the &lt;blink&gt; tag; if a&lt;b then c</content>"))
        #expect(entry.content == "Never use the &lt;blink&gt; tag; if a&lt;b then c")
    }

    @Test("Atom type=text summary with an escaped <details> is text, not a widget")
    func atomTextSummary() throws {
        let entry = try Self.entry(Self.atom("<summary type=\"text\">Wrap it in &lt;details&gt;</summary>"))
        #expect(entry.summary == "Wrap it in &lt;details&gt;")
    }

    @Test("XHTML content whose only child is escaped text keeps it as text (RFC 4287 §3.1.1.3)")
    func xhtmlEscapedText() throws {
        let entry = try Self.entry(
            Self.atom(
                "<content type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">The &lt;b&gt; tag</div></content>")
        )
        #expect(entry.content == "The &lt;b&gt; tag")
    }

    @Test("JSON Feed content_text is text (JSON Feed 1.1)")
    func jsonContentText() throws {
        let json =
            #"{"version":"https://jsonfeed.org/version/1.1","title":"T","items":[{"id":"1","content_text":"Press "#
            + #"&lt;kbd&gt;Ctrl&lt;/kbd&gt;"}]}"#
        let entry = try Self.entry(json)
        #expect(entry.content == "Press &amp;lt;kbd&amp;gt;Ctrl&amp;lt;/kbd&amp;gt;")
    }

    @Test("an RSS description quoting an IRC nick keeps the nick")
    func ircNick() throws {
        let entry = try Self.entry(Self.rss("<description>&amp;lt;nick&amp;gt; hello there</description>"))
        #expect(entry.summary == "&lt;nick&gt; hello there")
    }

    @Test(
        "double-escaped HTML in RSS and type=html is still unescaped once",
        arguments: [
            "<description>&amp;lt;p&amp;gt;Hi &amp;lt;b&amp;gt;you&amp;lt;/b&amp;gt;&amp;lt;/p&amp;gt;</description>"
        ])
    func doubleEscapedRSS(_ item: String) throws {
        #expect(try Self.entry(Self.rss(item)).summary == "<p>Hi <b>you</b></p>")
        let atom = try Self.entry(Self.atom("<summary type=\"html\">&amp;lt;p&amp;gt;Hi&amp;lt;/p&amp;gt;</summary>"))
        #expect(atom.summary == "<p>Hi</p>")
    }

    @Test(
        "the heuristic needs a known element: a pair, or a void one",
        arguments: [
            ("&lt;p&gt;a&lt;/p&gt;", true), ("a&lt;br&gt;b", true), ("&lt;img src=\"x.png\"&gt;", true),
            ("&lt;nick&gt; hi &lt;/nick&gt;", false), ("Wrap it in &lt;details&gt;", false),
            ("The &lt;b&gt; tag", false), ("&lt;p&gt;a &lt;b&gt;", false), ("a &lt;/p&gt;", false),
            ("<p>&lt;p&gt;a&lt;/p&gt;</p>", false)
        ])
    func doubleEscapedRule(_ html: String, _ expected: Bool) {
        #expect(PlainText.isDoubleEscapedHTML(html) == expected)
    }

    // MARK: 2. windows-1252 numeric references

    @Test("&#146; &#147; &#148; &#150; are the windows-1252 punctuation, in titles and HTML")
    func windows1252References() throws {
        let entry = try Self.entry(
            Self.rss(
                "<title>Don&#146;t &#147;quote&#148; &#150; ok</title><description>Don&amp;#146;t &amp;#150; "
                    + "x&amp;#129;y</description>"
            ))
        #expect(entry.title == "Don\u{2019}t \u{201C}quote\u{201D} \u{2013} ok")
        #expect(entry.summary == "Don\u{2019}t \u{2013} xy")
    }

    @Test("raw C1 code points in UTF-8 text are read the same way; undefined ones dropped")
    func rawC1() {
        #expect(PlainText.collapse("Don\u{92}t \u{81}x") == "Don\u{2019}t x")
        #expect(HTMLSanitizer.sanitize("<p>Don\u{92}t\u{9D}</p>", base: nil) == "<p>Don\u{2019}t</p>")
        #expect(TextControls.replacement(for: "\u{80}") == "\u{20AC}")
        #expect(TextControls.replacement(for: "\u{8D}") == nil)
        #expect(TextControls.replacement(for: "\u{A0}") == nil)
    }

    // MARK: 3. type="" and media-type parameters

    @Test("type=\"\" is text (RFC 4287 §3.1.1)")
    func emptyType() throws {
        let document = Self.atom("<title type=\"\">Hello &lt;you&gt;</title><content type=\"\">a &lt;b&gt;</content>")
        let entry = try Self.entry(document)
        #expect(entry.title == "Hello <you>")
        #expect(entry.content == "a &lt;b&gt;")
    }

    @Test("media-type parameters do not change the type")
    func typeParameters() throws {
        let entry = try Self.entry(
            Self.atom(
                "<title type=\"text/html; charset=utf-8\">A &lt;b&gt;bold&lt;/b&gt; move</title>"
                    + "<content type=\"text/html; charset=utf-8\">&lt;p&gt;Hi&lt;/p&gt;</content>"))
        #expect(entry.title == "A bold move")
        #expect(entry.content == "<p>Hi</p>")
    }

    // MARK: 4. &#XE9;

    @Test("&#XE9; (uppercase X) is é, in XML text and in escaped HTML")
    func uppercaseHexReference() throws {
        let entry = try Self.entry(Self.rss("<title>Caf&#XE9;</title><description>Caf&amp;#XE9;</description>"))
        #expect(entry.title == "Café")
        #expect(entry.summary == "Café")
    }

    // MARK: 5. RSS Name (email)

    @Test(
        "RSS authors: an address in parentheses in either order",
        arguments: [
            ("Bo Chen (bo@example.org)", Person(name: "Bo Chen", email: "bo@example.org")),
            ("bo@example.org (Bo Chen)", Person(name: "Bo Chen", email: "bo@example.org")),
            ("Bo Chen (the editor)", Person(name: "Bo Chen (the editor)")),
            ("Bo Chen <bo@example.org>", Person(name: "Bo Chen", email: "bo@example.org")),
            ("bo@example.org", Person(email: "bo@example.org"))
        ])
    func rssPerson(_ text: String, _ expected: Person) throws {
        let entry = try Self.entry(Self.rss("<author>\(XML.Element.escape(text, quotes: false))</author>"))
        #expect(entry.author == expected)
    }

    // MARK: 6. script/style in XHTML titles

    @Test("script and style text stays out of an XHTML title")
    func xhtmlTitle() throws {
        let entry = try Self.entry(
            Self.atom(
                "<title type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">Notes<style>b{}</style> from "
                    + "<script>x()</script>Oslo</div></title>"
            ))
        #expect(entry.title == "Notes from Oslo")
    }

    // MARK: 7. <!DOCTYPE inside entry HTML

    @Test(
        "a doctype inside entry HTML is ignored, as HTML ignores it in body",
        arguments: [
            ("Every page starts with <!DOCTYPE", "Every page starts with"),
            ("a <!doctype html> b", "a  b"),
            ("<p>x</p><!-- <!DOCTYPE html --><p>y</p>", "<p>x</p><p>y</p>")
        ])
    func doctypeInBody(_ html: String, _ expected: String) {
        #expect(HTMLSanitizer.sanitizeEntryHTML(html, base: nil) == expected)
    }

    @Test("a doctype in an RSS description and title")
    func doctypeInFeed() throws {
        let entry = try Self.entry(
            Self.rss(
                "<title>About &lt;!DOCTYPE</title><description>Every page starts with &lt;!DOCTYPE</description>"))
        #expect(entry.summary == "Every page starts with")
        #expect(entry.title == "About")
    }

    // MARK: 8. joiners and combining marks after a space

    @Test("a ZWNJ or combining mark after a space survives whitespace collapsing")
    func joinerAfterSpace() throws {
        #expect(PlainText.collapse("می \u{200C}خواهم") == "می \u{200C}خواهم")
        #expect(PlainText.collapse("a \u{0301}b\u{3000}\u{3000}c\n") == "a \u{0301}b c")
        let entry = try Self.entry(Self.rss("<title>می \u{200C}خواهم</title>"))
        #expect(entry.title == "می \u{200C}خواهم")
    }

    // MARK: 9. file feeds and their site link

    @Test("a feed read from a file resolves relative URLs against its site link")
    func fileFeedRSS() throws {
        let file = URL(fileURLWithPath: "/tmp/saved/feed.xml")
        let entry = try Self.entry(
            Self.rss(
                "<link>posts/1</link><description>&lt;img src=\"/a.png\"&gt; "
                    + "&lt;a href=\"b.html\"&gt;b&lt;/a&gt;</description>",
                channel: "<link>https://blog.example.org/</link>"), url: file)
        #expect(entry.link == "https://blog.example.org/posts/1")
        // The item's HTML resolves against its link, once that is absolute (issue 28).
        #expect(
            entry.summary == "<img src=\"https://blog.example.org/a.png\" alt=\"\" loading=\"lazy\"> "
                + "<a href=\"https://blog.example.org/posts/b.html\" rel=\"noopener noreferrer\">b</a>")
    }

    @Test("a file Atom feed: entries and their xml:base resolve against the site link")
    func fileFeedAtom() throws {
        let file = URL(fileURLWithPath: "/tmp/saved/feed.atom")
        let document = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><link href="https://blog.example.org/"/>
            <icon>/icon.png</icon>
            <entry xml:base="notes/"><id>1</id><link href="hello"/>\
            <content type="html">&lt;img src="a.png"&gt;</content></entry></feed>
            """
        let feed = try Feed.parse(Data(document.utf8), url: file)
        #expect(feed.icon == "https://blog.example.org/icon.png")
        let entry = try #require(feed.entries.first)
        #expect(entry.link == "https://blog.example.org/notes/hello")
        #expect(entry.content == "<img src=\"https://blog.example.org/notes/a.png\" alt=\"\" loading=\"lazy\">")
    }
}

@Suite("Entry ids: a guid repeated for different posts")
struct RepeatedGuidTests {
    @Test("a guid shared by different items is not an id: each falls back to its link")
    func repeatedGuid() throws {
        let items = (1...3).map {
            "<item><guid>same</guid><title>Post \($0)</title><link>https://example.org/\($0)</link></item>"
        }
        let document =
            "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title><link>https://example.org/</link>"
            + items.joined() + "<item><guid>own</guid><title>Own</title></item></channel></rss>"
        let feed = try Feed.parse(Data(document.utf8), url: URL(string: "https://example.org/feed"))
        #expect(
            feed.entries.map(\.id) == ["https://example.org/1", "https://example.org/2", "https://example.org/3", "own"]
        )
    }

    @Test("the same item twice keeps its guid")
    func repeatedItem() throws {
        let item = "<item><guid>same</guid><title>Post</title><link>https://example.org/1</link></item>"
        let document =
            "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title>\(item)\(item)</channel></rss>"
        let feed = try Feed.parse(Data(document.utf8), url: URL(string: "https://example.org/feed"))
        #expect(feed.entries.map(\.id) == ["same", "same"])
    }
}
