import Foundation
import Testing

@testable import FeedParser

/// What readers saw wrong (issue 28, each from a public tracker): a minimal document per report
/// and the field the parse contract must give for it.
@Suite("Reader bug reports: relative URLs, JSON titles, CDATA, summary, base64, mojibake")
struct ReaderBugReportTests {
    static let feedURL = URL(string: "https://example.org/feeds/all.xml")

    static func entry(_ document: String) throws -> Entry {
        try #require(try Feed.parse(Data(document.utf8), url: feedURL).entries.first)
    }

    static func rss(_ item: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>T</title><link>https://example.org/</link>
        <item><guid>g1</guid>\(item)</item></channel></rss>
        """
    }

    @Test("RSS item HTML without xml:base resolves against the item's link; #note points into the post")
    func rssItemBase() throws {
        let entry = try Self.entry(
            Self.rss(
                "<link>https://example.org/2024/05/post/</link><description>&lt;img src=\"a.png\"&gt; "
                    + "&lt;a href=\"#note\"&gt;1&lt;/a&gt;</description>"))
        #expect(
            entry.summary == "<img src=\"https://example.org/2024/05/post/a.png\" alt=\"\" loading=\"lazy\"> "
                + "<a href=\"https://example.org/2024/05/post/#note\" rel=\"noopener noreferrer\">1</a>")
    }

    @Test("RSS item HTML with an xml:base keeps resolving against it")
    func rssItemXMLBase() throws {
        let entry = try Self.entry(
            Self.rss(
                "<link>https://example.org/2024/05/post/</link>"
                    + "<description xml:base=\"https://cdn.example.net/img/\">&lt;img src=\"a.png\"&gt;</description>"))
        #expect(entry.summary == "<img src=\"https://cdn.example.net/img/a.png\" alt=\"\" loading=\"lazy\">")
    }

    @Test("JSON Feed titles decode character references, never markup")
    func jsonFeedTitle() throws {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Tom &amp; Jerry",
             "items": [{"id": "1", "title": "Don&#8217;t use <i> &amp; <b>", "content_text": "x"}]}
            """
        let feed = try Feed.parse(Data(json.utf8), url: URL(string: "https://example.org/feed.json"))
        #expect(feed.title == "Tom & Jerry")
        #expect(feed.entries.first?.title == "Don\u{2019}t use <i> & <b>")
    }

    @Test("escaped CDATA markers inside a description are not shown")
    func escapedCDATA() throws {
        let entry = try Self.entry(
            Self.rss("<description>&lt;![CDATA[&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;]]&gt;</description>"))
        #expect(entry.summary == "<p>Hello <b>world</b></p>")
    }

    @Test("an RSS <summary> before <description> is the summary, the description the content")
    func summaryBeforeDescription() throws {
        let entry = try Self.entry(
            Self.rss("<summary>Short.</summary><description>&lt;p&gt;The whole post.&lt;/p&gt;</description>"))
        #expect(entry.summary == "Short.")
        #expect(entry.content == "<p>The whole post.</p>")
    }

    @Test("an Atom title of a base64 media type is decoded (RFC 4287 §4.1.3.3), else warned about")
    func atomBase64Title() throws {
        func feed(_ title: String) throws -> Feed {
            let atom = """
                <?xml version="1.0" encoding="utf-8"?>
                <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
                <entry><id>tag:example.org,2024:1</id>\(title)</entry></feed>
                """
            return try Feed.parse(Data(atom.utf8), url: Self.feedURL)
        }
        let decoded = try feed("<title type=\"application/octet-stream\">SGVsbG8sIHdvcmxk</title>")
        #expect(decoded.entries.first?.title == "Hello, world")
        let image = try feed("<title type=\"image/png\">iVBORw0KGgo=</title>")
        #expect(image.entries.first?.title == nil)
        #expect(image.warnings.contains { $0.contains("entry 1: title of type image/png is not shown") })
    }

    @Test("text/plain (or another text/* type) on a title or content is read as plain text, with a warning")
    func plainTextTypes() throws {
        let atom = try Feed.parse(
            Data(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
                <entry><id>tag:example.org,2024:1</id><title type="text/plain">a &lt;b&gt; c</title>
                <content type="text/markdown">*x* &lt;i&gt;y&lt;/i&gt;</content></entry>
                <entry><id>tag:example.org,2024:2</id><title type="html">&lt;b&gt;ok&lt;/b&gt;</title>
                <content type="html">&lt;p&gt;fine&lt;/p&gt;</content></entry></feed>
                """.utf8), url: Self.feedURL)
        #expect(atom.entries.first?.title == "a <b> c")
        #expect(atom.entries.first?.content == "*x* &lt;i&gt;y&lt;/i&gt;")
        #expect(
            atom.warnings == [
                "entry 1: title of type text/plain read as plain text (Atom 1.0 text is type text, html or xhtml)",
                "entry 1: content of type text/markdown shown as plain text, its markup as written"
            ])
        let rss = try Feed.parse(
            Data(
                Self.rss(
                    "<title type=\"text/plain\">1 &lt; 2 &lt;b&gt;</title>"
                        + "<description type=\"text/plain\">&lt;script&gt;x&lt;/script&gt; &amp;amp;</description>"
                ).utf8), url: Self.feedURL)
        #expect(rss.entries.first?.title == "1 < 2 <b>")
        #expect(rss.entries.first?.summary == "&lt;script&gt;x&lt;/script&gt; &amp;amp;")
        #expect(
            rss.warnings == [
                "item 1: title of type text/plain read as plain text (RSS has no type attribute)",
                "item 1: description of type text/plain shown as plain text, its markup as written"
            ])
    }

    @Test("UTF-8 read as windows-1252 in a title is repaired only when the whole title decodes")
    func mojibake() throws {
        let mojibake = "<title>Caf\u{C3}\u{A9}\u{C2}\u{A0}Noir \u{E2}\u{20AC}\u{201C} Menu</title>"
        // "Â" + NBSP is the no-break space (C2 A0) read as windows-1252: repaired, and kept as one.
        #expect(try Self.entry(Self.rss(mojibake)).title == "Café\u{A0}Noir – Menu")
        #expect(try Self.entry(Self.rss("<title>Ã la carte, Â£5</title>")).title == "Ã la carte, Â£5")
        #expect(try Self.entry(Self.rss("<title>Zürich Â\u{A0}東京</title>")).title == "Zürich Â\u{A0}東京")
    }

    @Test("a no-break space in plain text is kept, not folded into a space; trimmed at the ends (issue 28)")
    func noBreakSpace() throws {
        let entry = try Self.entry(
            Self.rss(
                "<title>&#160;10&#160;km \u{A0} à\u{202F}pied&amp;nbsp;!\u{A0}</title>"
                    + "<author>x@example.org (Jean\u{A0}Dupont)</author><category>Mont\u{A0}Blanc</category>"))
        #expect(entry.title == "10\u{A0}km \u{A0} à\u{202F}pied\u{A0}!")
        #expect(entry.author?.name == "Jean\u{A0}Dupont")
        #expect(entry.categories == ["Mont\u{A0}Blanc"])
        // Other white space still collapses to one space.
        #expect(try Self.entry(Self.rss("<title>a\u{2003}\u{3000} b\n\tc</title>")).title == "a b c")
    }

    @Test("a media:group thumbnail shows, linked to the post; a player page is no enclosure")
    func mediaThumbnail() throws {
        let atom = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><title>T</title>
            <entry><id>yt:video:1</id><title>Video</title>
            <link rel="alternate" href="https://www.youtube.com/watch?v=1"/><media:group>
            <media:content url="https://www.youtube.com/v/1?version=3" type="application/x-shockwave-flash"/>
            <media:thumbnail url="https://i.ytimg.com/vi/1/hqdefault.jpg" width="480" height="360"/>
            <media:description>What the video shows.</media:description></media:group></entry></feed>
            """
        let entry = try Self.entry(atom)
        #expect(
            entry.summary == "<p><a href=\"https://www.youtube.com/watch?v=1\" rel=\"noopener noreferrer\">"
                + "<img src=\"https://i.ytimg.com/vi/1/hqdefault.jpg\" alt=\"\" loading=\"lazy\"></a></p>\n"
                + "What the video shows.")
        #expect(entry.enclosures.isEmpty)
    }

    @Test("content with an image of its own shows no thumbnail; media files stay enclosures")
    func mediaThumbnailNotTwice() throws {
        let rss = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>T</title>
            <link>https://example.org/</link><item><guid>g1</guid><link>https://example.org/p/1</link>
            <description>&lt;img src="https://example.org/big.jpg"&gt; text</description>
            <media:thumbnail url="https://example.org/small.jpg"/>
            <media:content url="https://example.org/clip.mp4" type="video/mp4"/>
            <media:content url="https://example.org/photo.jpg" medium="image"/></item></channel></rss>
            """
        let entry = try Self.entry(rss)
        #expect(entry.summary == "<img src=\"https://example.org/big.jpg\" alt=\"\" loading=\"lazy\"> text")
        #expect(entry.enclosures.map(\.url) == ["https://example.org/clip.mp4", "https://example.org/photo.jpg"])
    }
}
