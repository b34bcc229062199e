import Foundation
import Testing

@testable import FeedParser

@Suite("RSS 2.0")
struct RSS2Tests {
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
             xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:a="http://www.w3.org/2005/Atom"
             xmlns:m="http://search.yahoo.com/mrss/">
          <channel>
            <title>Jane &amp; Co</title>
            <link>https://example.org/</link>
            <a:link rel="self" href="https://example.org/feed.xml"/>
            <description>News from Jane</description>
            <language>en-gb</language>
            <lastBuildDate>2024-01-02T03:04:05Z</lastBuildDate>
            <item>
              <title>First &lt;b&gt;post&lt;/b&gt;</title>
              <link>/posts/1</link>
              <guid isPermaLink="false">tag:example.org,2024:1</guid>
              <pubDate>2024-01-01T10:00:00Z</pubDate>
              <dc:creator>Jane Doe</dc:creator>
              <description>Short</description>
              <content:encoded><![CDATA[<p>Long <a href="/x">text</a></p>]]></content:encoded>
              <category>swift</category><dc:subject>feeds</dc:subject><category>swift</category>
              <enclosure url="https://example.org/a.mp3" type="audio/mpeg" length="1234"/>
              <m:thumbnail url="/t.jpg"/>
            </item>
            <item>
              <title>Second</title>
              <guid>https://example.org/posts/2</guid>
            </item>
            <item><description>No title, no link</description></item>
          </channel>
        </rss>
        """

    func parse() throws -> Feed {
        try Feed.parse(Data(Self.document.utf8), url: URL(string: "https://example.org/feed.xml"))
    }

    @Test func channelFields() throws {
        let feed = try parse()
        #expect(feed.format == .rss20)
        #expect(feed.title == "Jane & Co")
        #expect(feed.link == "https://example.org/")
        #expect(feed.feedURL == "https://example.org/feed.xml")
        #expect(feed.subtitle == "News from Jane")
        #expect(feed.language == "en-gb")
        #expect(feed.updated == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(feed.warnings.isEmpty)
    }

    @Test func itemFields() throws {
        let entry = try #require(try parse().entries.first)
        #expect(entry.id == "tag:example.org,2024:1")
        #expect(entry.title == "First post")
        #expect(entry.link == "https://example.org/posts/1")
        #expect(entry.published == Date(timeIntervalSince1970: 1_704_103_200))
        #expect(entry.author == Person(name: "Jane Doe"))
        #expect(entry.summary != nil)
        #expect(entry.content?.contains("Long") == true)
        #expect(entry.categories == ["swift", "feeds"])
        // The media:thumbnail is shown in the content, linked to the post, not listed (issue 28).
        #expect(entry.enclosures == [Enclosure(url: "https://example.org/a.mp3", type: "audio/mpeg", length: 1234)])
        let picture = "<p><a href=\"https://example.org/posts/1\" rel=\"noopener noreferrer\">"
        #expect(entry.content?.hasPrefix(picture + "<img src=\"https://example.org/t.jpg\"") == true)
    }

    @Test func permalinkGuidIsTheLinkAndIDFallsBack() throws {
        let entries = try parse().entries
        #expect(entries.count == 3)
        #expect(entries[1].link == "https://example.org/posts/2")
        #expect(entries[1].id == "https://example.org/posts/2")
        #expect(entries[2].id.hasPrefix("urn:planet:"))
        #expect(try parse().entries[2].id == entries[2].id)
    }

    @Test func defaultNamespaceOnRootStillReadsCoreElements() throws {
        let xml = """
            <rss version="2.0" xmlns="https://cyber.harvard.edu/rss/rss.html"><channel><title>T</title>
            <item><title>A</title><link>https://e.org/a</link></item></channel></rss>
            """
        let feed = try Feed.parse(Data(xml.utf8), url: nil)
        #expect(feed.title == "T")
        #expect(feed.entries.map(\.link) == ["https://e.org/a"])
    }

    @Test func rssVersion091IsDetectedAs09x() throws {
        let xml = #"<rss version="0.91"><channel><title>T</title><item><title>A</title></item></channel></rss>"#
        #expect(try Feed.parse(Data(xml.utf8), url: nil).format == .rss09x)
    }
}
