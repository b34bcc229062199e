import Foundation
import Testing

@testable import FeedParser

/// Constructs of real feeds planet read wrong or not at all (issue 28, "the allow-list, widened"
/// and "missing constructs"): one test each, each failing before its reader learnt it.
@Suite("Small constructs of real feeds")
struct SmallConstructsTests {
    func parse(_ document: String, url: String = "https://example.org/feed", contentType: String? = nil) throws
        -> Feed
    {
        try Feed.parse(Data(document.utf8), url: URL(string: url), contentType: contentType)
    }

    @Test("an Atom link given as element text, not href, is the link (feed and entry)")
    func atomLinkAsText() throws {
        let feed = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><link>https://example.org/site</link>
            <entry><id>tag:example.org,2026:1</id><title>E</title><link> https://example.org/e1 </link>
            <updated>2026-01-01T00:00:00Z</updated></entry></feed>
            """)
        #expect(feed.link == "https://example.org/site")
        #expect(feed.entries.first?.link == "https://example.org/e1")
    }

    @Test("a relative feed-level Atom id is resolved against its base, as entry ids are")
    func relativeFeedID() throws {
        let feed = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.org/blog/"><title>T</title>
            <id>/feed-id</id></feed>
            """)
        #expect(feed.id == "https://example.org/feed-id")
    }

    @Test("Atom 0.3's untyped summary holding elements is inline markup (mode defaults to xml)")
    func atom03UntypedMarkup() throws {
        let feed = try parse(
            """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>T</title>
            <entry><id>tag:example.org,2026:1</id><title>E</title><issued>2026-01-01T00:00:00Z</issued>
            <summary>Some <b>bold</b> text</summary><content mode="escaped">1 &amp;lt; 2</content></entry></feed>
            """)
        #expect(feed.entries.first?.summary == "Some <b>bold</b> text")
        // Escaped, untyped: text/plain, its markup characters text (the tags of the summary are not).
        #expect(feed.entries.first?.content == "1 &lt; 2")
    }

    @Test("RSS element names in another case (<Channel>, <Title>, <PubDate>) are RSS's elements")
    func mixedCaseRSSNames() throws {
        let feed = try parse(
            """
            <RSS version="2.0"><Channel><Title>Chan</Title><Link>https://example.org/</Link>
            <Item><Title>Hello</Title><LINK>https://example.org/1</LINK><PubDate>Mon, 02 Jan 2006 15:04:05 GMT</PubDate>
            </Item></Channel></RSS>
            """)
        #expect(feed.format == .rss20)
        #expect(feed.title == "Chan")
        #expect(feed.link == "https://example.org/")
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "Hello")
        #expect(entry.link == "https://example.org/1")
        #expect(entry.published == Date(timeIntervalSince1970: 1_136_214_245))
    }

    @Test("RSS <tags> (comma-separated) and nested itunes:category give categories")
    func tagsAndNestedITunesCategories() throws {
        let feed = try parse(
            """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title>
            <item><title>E</title><link>https://example.org/1</link><category>Swift</category>
            <tags>swift, linux ,, feeds</tags>
            <itunes:category text="Technology"><itunes:category text="Podcasting"/></itunes:category></item>
            </channel></rss>
            """)
        #expect(feed.entries.first?.categories == ["Swift", "Technology", "Podcasting", "swift", "linux", "feeds"])
    }

    @Test("an rdf:RDF without channel or items is an empty RSS 1.0 feed; one holding other RDF is not a feed")
    func emptyRDF() throws {
        let feed = try parse(
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
            </rdf:RDF>
            """)
        #expect(feed.format == .rss10)
        #expect(feed.entries.isEmpty)
        #expect(throws: FeedParseError.self) {
            try parse(
                """
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
                  xmlns:foaf="http://xmlns.com/foaf/0.1/">
                <foaf:Person><foaf:name>Jane</foaf:name></foaf:Person></rdf:RDF>
                """)
        }
    }
}
