import Foundation
import Testing

@testable import FeedParser

@Suite("Atom 1.0")
struct AtomTests {
    static let document = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en" xml:base="https://example.org/blog/">
          <title type="html">Jane &amp;amp; Co</title>
          <subtitle>All the news</subtitle>
          <link href="https://example.org/blog/"/>
          <link rel="self" href="feed.atom"/>
          <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
          <updated>2024-01-02T03:04:05Z</updated>
          <author><name>Jane Doe</name><email>jane@example.org</email><uri>/about</uri></author>
          <icon>/favicon.ico</icon>
          <entry xml:base="posts/">
            <title>A &lt;post&gt;</title>
            <link rel="alternate" type="text/html" href="one.html"/>
            <link rel="enclosure" href="one.mp3" type="audio/mpeg" length="99"/>
            <id>tag:example.org,2024:1</id>
            <published>2024-01-01T00:00:00Z</published>
            <updated>2024-01-01T12:00:00Z</updated>
            <summary type="text">1 &lt; 2</summary>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hi <a href="two.html">there</a><br/></p>\
        </div></content>
            <category term="swift" label="Swift"/>
          </entry>
        </feed>
        """

    func parse() throws -> Feed {
        try Feed.parse(Data(Self.document.utf8), url: URL(string: "https://example.org/feed"))
    }

    @Test func feedFields() throws {
        let feed = try parse()
        #expect(feed.format == .atom10)
        #expect(feed.title == "Jane & Co")
        #expect(feed.link == "https://example.org/blog/")
        #expect(feed.feedURL == "https://example.org/blog/feed.atom")
        #expect(feed.id == "urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6")
        #expect(feed.language == "en")
        #expect(feed.author == Person(name: "Jane Doe", email: "jane@example.org", uri: "https://example.org/about"))
        #expect(feed.icon == "https://example.org/favicon.ico")
    }

    @Test func entryFields() throws {
        let entry = try #require(try parse().entries.first)
        #expect(entry.title == "A <post>")
        #expect(entry.link == "https://example.org/blog/posts/one.html")
        #expect(entry.id == "tag:example.org,2024:1")
        #expect(entry.published == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(entry.updated == Date(timeIntervalSince1970: 1_704_110_400))
        #expect(entry.author?.name == "Jane Doe")
        #expect(entry.categories == ["swift"])
        #expect(
            entry.enclosures == [
                Enclosure(url: "https://example.org/blog/posts/one.mp3", type: "audio/mpeg", length: 99)
            ])
    }

    @Test func xhtmlContentIsTheDivChildrenWithAbsoluteLinks() throws {
        let html = try #require(try parse().entries.first?.content)
        let raw = TextConstruct(
            try #require(
                LibXML2.parse(Data(Self.document.utf8), base: nil).root?
                    .elements.last?.elements.first { $0.name == "content" })
        ).html
        #expect(raw == #"<p>Hi <a href="https://example.org/blog/posts/two.html">there</a><br /></p>"#)
        #expect(html.contains("there"))
    }

    @Test func atom03IsDetected() throws {
        let xml = """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>T</title><tagline>S</tagline>
            <entry><title>E</title><issued>2006-08-19T12:09:19Z</issued><id>x</id>
            <content type="text/html" mode="escaped">&lt;b&gt;hi&lt;/b&gt;</content></entry></feed>
            """
        let feed = try Feed.parse(Data(xml.utf8), url: nil)
        #expect(feed.format == .atom03)
        #expect(feed.subtitle == "S")
        #expect(feed.entries.first?.published == Date(timeIntervalSince1970: 1_155_989_359))
    }
}
