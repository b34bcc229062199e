import Foundation
import Testing

@testable import FeedParser

/// Documents that end before their root element closes (`CutShort`): the entry they end inside is
/// left out, the entries before it are read, the feed says it was cut short.
@Suite("Documents cut short")
struct CutShortTests {
    static let head = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Cut</title><link>https://example.org/</link>
        <item><title>One</title><link>https://example.org/1</link><description>Body one.</description></item>
        <item><title>Two</title><link>https://example.org/2</link><description>Body two, whole.</description></item>

        """

    static func parse(_ text: String) throws -> Feed {
        try Feed.parse(Data(text.utf8), url: URL(string: "https://example.org/feed"))
    }

    @Test(
        "cut inside an RSS item: the item is left out",
        arguments: [
            "<item><title>Three</title><description>Body three is cut in the mid",
            "<item><title>Thr",
            "<item><title>Three</title><description><![CDATA[<p>cut inside CDATA",
            "<item><title>Three</title><link>https://example.org/3</link></item><item>",
            "<item><title>Three</title><category>a</category><category>b"
        ])
    func rssItem(_ tail: String) throws {
        let feed = try Self.parse(Self.head + tail)
        let titles = feed.entries.map(\.title)
        #expect(feed.isCutShort)
        #expect(!titles.contains("Three") || tail.hasSuffix("<item>"))
        #expect(titles.starts(with: ["One", "Two"]))
        #expect(feed.entries.last?.summary?.contains("mid") != true)
        #expect(feed.warnings.contains { $0.contains("cut short") && $0.contains("unfinished entry is left out") })
    }

    @Test func completeItemBeforeTheCutIsKept() throws {
        let feed = try Self.parse(
            Self.head + "<item><title>Three</title><link>https://example.org/3</link></item><item>")
        #expect(feed.entries.map(\.title) == ["One", "Two", "Three"])
        #expect(feed.isCutShort)
    }

    @Test func cutAfterTheLastItemDropsNothing() throws {
        let feed = try Self.parse(Self.head)
        #expect(feed.entries.map(\.title) == ["One", "Two"])
        #expect(feed.entries.last?.summary == "Body two, whole.")
        #expect(feed.isCutShort)
        #expect(feed.warnings.contains { $0.contains("ends inside <channel>") && !$0.contains("entry is left out") })
    }

    @Test func wholeDocumentIsNotCutShort() throws {
        let feed = try Self.parse(Self.head + "</channel></rss>")
        #expect(!feed.isCutShort)
        #expect(feed.entries.count == 2)
        #expect(!feed.warnings.contains { $0.contains("cut short") })
    }

    @Test func garbageAfterTheRootIsNotCutShort() throws {
        let feed = try Self.parse(Self.head + "</channel></rss><!-- a comment that never ends")
        #expect(!feed.isCutShort)
        #expect(feed.entries.count == 2)
    }

    @Test func atomEntry() throws {
        let feed = try Self.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Cut</title><id>urn:x</id>
            <entry><id>urn:1</id><title>One</title><updated>2024-01-01T00:00:00Z</updated>\
            <content type="html">&lt;p&gt;one&lt;/p&gt;</content></entry>
            <entry><id>urn:2</id><title>Two</title><content type="xhtml">\
            <div xmlns="http://www.w3.org/1999/xhtml"><p>cut
            """)
        #expect(feed.isCutShort)
        #expect(feed.entries.map(\.id) == ["urn:1"])
    }

    @Test func prefixedAtomEntry() throws {
        let feed = try Self.parse(
            """
            <a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:title>Cut</a:title><a:id>urn:x</a:id>
            <a:entry><a:id>urn:1</a:id><a:title>One</a:title></a:entry>
            <a:entry><a:id>urn:2</a:id><a:title>Two, cut
            """)
        #expect(feed.isCutShort)
        #expect(feed.entries.map(\.id) == ["urn:1"])
    }

    @Test func rss10ItemOfTheRoot() throws {
        let feed = try Self.parse(
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
            <channel rdf:about="https://example.org/"><title>Cut</title><link>https://example.org/</link></channel>
            <item rdf:about="https://example.org/1"><title>One</title><link>https://example.org/1</link></item>
            <item rdf:about="https://example.org/2"><title>Two</title><description>cut in
            """)
        #expect(feed.isCutShort)
        #expect(feed.entries.map(\.title) == ["One"])
    }

    /// A complete document whose raw `<br>`s (mismatched end tags) leave `item` open at its end in
    /// libxml2's recovery: its bytes end with `</rss>`, so it is not cut short and loses nothing.
    @Test func mismatchedTagsInACompleteDocumentAreNotACut() throws {
        let feed = try Self.parse(
            Self.head + "<item><title>Three</title><description>Line x<br>x<br>x<br> two</description></item>"
                + "\n</channel></rss>\n<!-- cached 2024 -->\n")
        #expect(!feed.isCutShort)
        #expect(feed.entries.map(\.title).starts(with: ["One", "Two", "Three"]))
        #expect(!feed.warnings.contains { $0.contains("cut short") })
    }

    @Test("cut inside an item's start tag: the half-made item is left out", arguments: ["<item", "<item ", "<ite"])
    func cutInsideAStartTag(_ tail: String) throws {
        let feed = try Self.parse(Self.head + tail)
        #expect(feed.isCutShort)
        #expect(feed.entries.map(\.title) == ["One", "Two"])
        #expect(feed.entries.allSatisfy { $0.title != nil })
    }

    @Test func rss10CutInsideAnItemStartTag() throws {
        let feed = try Self.parse(
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
            <channel rdf:about="https://example.org/"><title>Cut</title><link>https://example.org/</link></channel>
            <item rdf:about="https://example.org/1"><title>One</title><link>https://example.org/1</link></item>
            <item rdf:about="https://example.org/2"
            """)
        #expect(feed.isCutShort)
        #expect(feed.entries.map(\.title) == ["One"])
    }

    /// Cut inside the root's own start tag (a long namespace list): libxml2 says "Couldn't find end
    /// of Start Tag", not "Premature end of data"; the bytes still tell the cut.
    @Test(
        "cut inside the root's start tag",
        arguments: [
            #"<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modu"#,
            #"<feed xmlns="http://www.w3.org/2005/At"#,
            #"<a:feed xmlns:a="http://www.w3.org/2005/Atom""#
        ])
    func cutInsideTheRootStartTag(_ text: String) throws {
        let feed = try? Self.parse(text)
        // Either nothing readable (refused) or read as cut short, never as a whole empty feed.
        if let feed {
            #expect(feed.isCutShort, "\(text)")
            #expect(feed.entries.isEmpty)
        }
    }

    /// A whole document with raw `<br>`s (so libxml2 still has elements open at its end) followed
    /// by NULs or a BOM, which decoding turns into U+FFFD / U+FEFF: not cut.
    @Test("whole, mismatched, then padding", arguments: ["\u{0}\u{0}\u{0}", "\u{FEFF}", "\n\u{0}\n"])
    func wholeWithPaddingIsNotCut(_ padding: String) throws {
        let feed = try Self.parse(
            Self.head + "<item><title>Three</title><description>a<br>b<br></description></item></channel></rss>"
                + padding)
        #expect(!feed.isCutShort)
        #expect(feed.entries.map(\.title).starts(with: ["One", "Two", "Three"]))
    }

    /// Extra content after a closed root (XML_ERR_DOCUMENT_END): the document reached its end.
    @Test func garbageAfterAClosedRootIsNotACut() throws {
        let feed = try Self.parse(Self.head + "</channel></rss>trailing <garbage")
        #expect(!feed.isCutShort)
        #expect(feed.entries.count == 2)
    }
}
