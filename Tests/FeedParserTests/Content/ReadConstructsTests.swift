import Foundation
import Testing

@testable import FeedParser

/// Constructs older generators and extensions write, each a minimal document and the exact
/// fields the parse contract gives for it.
@Suite("Constructs to read: base64, extensions, older generators, zone names, item bases")
struct ReadConstructsTests {
    static let web = URL(string: "https://example.org/feed")
    static let namespaces = """
        xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
        xmlns:media="http://search.yahoo.com/mrss/"
        """

    static func rss(_ item: String, channel: String = "") -> String {
        """
        <?xml version="1.0"?>
        <rss version="2.0" \(namespaces)><channel><title>T</title><link>https://example.org/</link>\(channel)
        <item><guid isPermaLink="false">g1</guid>\(item)</item></channel></rss>
        """
    }

    static func atom(_ entry: String) -> String {
        """
        <?xml version="1.0"?>
        <feed xmlns="http://www.w3.org/2005/Atom" \(namespaces)><title>A</title><link href="https://example.org/"/>
        <entry><id>urn:a:1</id>\(entry)</entry></feed>
        """
    }

    static func feed(_ document: String) throws -> Feed {
        try Feed.parse(Data(document.utf8), url: web)
    }

    static func entry(_ document: String) throws -> Entry {
        try #require(try feed(document).entries.first)
    }

    // MARK: Atom media types and base64 (RFC 4287 §4.1.3.3)

    @Test("Atom content of a text/* type is plain text")
    func textMediaType() throws {
        let entry = try Self.entry(Self.atom("<title>N</title><content type=\"text/csv\">a,b&lt;c</content>"))
        #expect(entry.content == "a,b&lt;c")
    }

    @Test("Atom base64 content of another type (an image) is not shown, and says so in a warning")
    func base64Image() throws {
        let feed = try Self.feed(Self.atom("<title>Pic</title><content type=\"image/png\">iVBORw0KGgo=</content>"))
        #expect(feed.entries.first?.content == nil)
        #expect(feed.warnings == ["entry 1: content of type image/png is not shown (only text and HTML are)"])
    }

    @Test("Atom 0.3 base64 text constructs: a title and text/html content")
    func atom03Base64() throws {
        let feed = try Self.feed(
            """
            <?xml version="1.0"?>
            <feed version="0.3" xmlns="http://purl.org/atom/ns#">
            <title mode="base64" type="text/plain">QmFzZSBzaXh0eS1mb3Vy</title>
            <entry><id>tag:example.org,2004:1</id><title>E</title>
            <content type="text/html" mode="base64">PHA+SGVsbG8gPGI+d29ybGQ8L2I+PC9wPg==</content></entry></feed>
            """)
        #expect(feed.title == "Base sixty-four")
        #expect(feed.entries.first?.content == "<p>Hello <b>world</b></p>")
    }

    @Test("Atom 0.3 homepage is the person's uri")
    func atom03Homepage() throws {
        let feed = try Self.feed(
            """
            <?xml version="1.0"?>
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>O</title>
            <author><name>Old Timer</name><homepage>https://example.org/me</homepage></author></feed>
            """)
        #expect(feed.author == Person(name: "Old Timer", uri: "https://example.org/me"))
    }

    // MARK: Extensions

    @Test("dc:author names the item's author (RSS and Atom)")
    func dcAuthor() throws {
        #expect(
            try Self.entry(Self.rss("<title>x</title><dc:author>Ann Lee</dc:author>")).author == Person(name: "Ann Lee")
        )
        #expect(
            try Self.entry(Self.atom("<title>x</title><dc:author>Ann Lee</dc:author>")).author
                == Person(name: "Ann Lee"))
    }

    @Test("RSS 1.0 rdf:about is the item id when there is no other (RSS 1.0 §5.5)")
    func rdfAbout() throws {
        let entry = try Self.entry(
            """
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
            <channel rdf:about="https://example.org/rss"><title>R</title><link>https://example.org/</link></channel>
            <item rdf:about="https://example.org/items/1"><title>One</title></item></rdf:RDF>
            """)
        #expect(entry.id == "https://example.org/items/1")
        #expect(entry.link == nil)
    }

    @Test("channel itunes:summary is the subtitle when nothing else is")
    func itunesSummarySubtitle() throws {
        #expect(
            try Self.feed(Self.rss("<title>x</title>", channel: "<itunes:summary>About the show</itunes:summary>"))
                .subtitle
                == "About the show")
        #expect(
            try Self.feed(
                Self.rss("<title>x</title>", channel: "<description>D</description><itunes:summary>S</itunes:summary>")
            )
            .subtitle == "D")
    }

    @Test("itunes:category (text attribute) and media:category are categories")
    func extensionCategories() throws {
        let item =
            "<title>x</title><category>a</category><itunes:category text=\"Technology\"/>"
            + "<media:category>Science</media:category>"
        #expect(try Self.entry(Self.rss(item)).categories == ["a", "Technology", "Science"])
        #expect(
            try Self.entry(Self.atom("<title>x</title><media:category>Science</media:category>")).categories == [
                "Science"
            ])
    }

    @Test("media:title is the title of an untitled item, never over a title")
    func mediaTitle() throws {
        #expect(try Self.entry(Self.rss("<media:title>Clip one</media:title>")).title == "Clip one")
        #expect(try Self.entry(Self.atom("<media:title>Clip one</media:title>")).title == "Clip one")
        #expect(try Self.entry(Self.rss("<title>Real</title><media:title>Clip</media:title>")).title == "Real")
    }

    // MARK: Older generators

    @Test(
        "un-namespaced body, fullitem and RSS summary are content",
        arguments: ["body", "fullitem", "summary"])
    func olderContent(element: String) throws {
        let entry = try Self.entry(Self.rss("<title>x</title><\(element)>Full &lt;b&gt;post&lt;/b&gt;</\(element)>"))
        #expect(entry.content == "Full <b>post</b>")
    }

    // MARK: Dates

    @Test("IANA zone names in dates: Etc/GMT, Europe/Berlin with summer time, an offset of its own stands")
    func ianaZones() {
        #expect(FeedDateParser.parse("Tue, 02 Jan 2024 10:00:00 Etc/GMT") == Date(timeIntervalSince1970: 1_704_189_600))
        #expect(FeedDateParser.parse("2024-01-02 10:00:00 Europe/Berlin") == Date(timeIntervalSince1970: 1_704_186_000))
        // 2024-03-31 is the day summer time starts: 10:00 CEST is 08:00Z.
        #expect(FeedDateParser.parse("2024-03-31 10:00:00 Europe/Berlin") == Date(timeIntervalSince1970: 1_711_872_000))
        #expect(
            FeedDateParser.parse("2024-01-02T10:00:00+05:00 Europe/Berlin")
                == Date(timeIntervalSince1970: 1_704_171_600))
        #expect(FeedDateParser.parse("2024-01-02 10:00:00 Nowhere/Atlantis") == nil)
    }
}

/// Flash-era embeds: an `<object>` without `data` names what it plays in a `movie` param.
@Suite("Sanitizer: Flash objects become an embed link")
struct FlashObjectTests {
    @Test func objectWithMovieParam() {
        let html =
            #"<object width="320"><param name="movie" value="http://www.youtube.com/v/WJPKM5aJGW8" /><embed "#
            + #"src="http://www.youtube.com/v/WJPKM5aJGW8" type="application/x-shockwave-flash"></embed></object>"#
        #expect(
            HTMLSanitizer.sanitizeEntryHTML(html, base: nil)
                == #"<a href="http://www.youtube.com/v/WJPKM5aJGW8" rel="noopener noreferrer">Embedded video: "#
                + #"youtube.com/v/WJPKM5aJGW8</a>"#
        )
        let embedOnly = #"<object><embed src="https://player.example.com/v.swf"></object>"#
        #expect(
            HTMLSanitizer.sanitizeEntryHTML(embedOnly, base: nil)
                == #"<a href="https://player.example.com/v.swf" rel="noopener noreferrer">Embedded content: "#
                + #"player.example.com/v.swf</a>"#
        )
    }
}
