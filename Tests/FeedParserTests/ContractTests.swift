import Foundation
import Testing

@testable import FeedParser

@Suite("JSON contract and other formats")
struct ContractTests {
    @Test func contractShapeIsSortedPrettyAndNullForAbsent() {
        let entry = Entry(
            id: "a", title: "T \"q\"", published: Date(timeIntervalSince1970: 1_704_164_645),
            enclosures: [Enclosure(url: "https://e.org/a.mp3", length: 5)])
        let feed = Feed(format: .rss20, title: "F", entries: [entry], warnings: ["w"])
        let json = feed.jsonContract()
        #expect(json.hasSuffix("}\n"))
        #expect(json.contains(#"  "author": null,"#))
        #expect(json.contains(#""published": "2024-01-02T03:04:05Z""#))
        #expect(json.contains(#""title": "T \"q\"""#))
        #expect(json.contains(#""categories": []"#))
        #expect(json.contains(#""length": 5"#))
        let keys = json.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == keys.sorted())
        #expect(keys.count == 15)
        #expect(feed.jsonContract() == json)
    }

    @Test func rss10ItemsBesideTheChannel() throws {
        let xml = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                     xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel rdf:about="https://e.org/"><title>R</title><link>https://e.org/</link></channel>
              <item rdf:about="https://e.org/1"><title>One</title><link>https://e.org/1</link>
                <dc:date>2024-01-02T03:04:05+01:00</dc:date><dc:creator>Jane</dc:creator><dc:subject>x</dc:subject>\
            </item>
            </rdf:RDF>
            """
        let feed = try Feed.parse(Data(xml.utf8), url: nil)
        #expect(feed.format == .rss10)
        let entry = try #require(feed.entries.first)
        #expect(entry.published == Date(timeIntervalSince1970: 1_704_161_045))
        #expect(entry.author?.name == "Jane")
        #expect(entry.categories == ["x"])
    }

    @Test func jsonFeed11() throws {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "home_page_url": "https://e.org/",
             "authors": [{"name": "Jane"}], "items": [
              {"id": 7, "url": "/p/7", "title": "Seven", "content_text": "a < b", "tags": ["t", "t"],
               "date_published": "2024-01-02T03:04:05Z",
               "attachments": [{"url": "https://e.org/a.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 10}]}]}
            """
        let feed = try Feed.parse(Data(json.utf8), url: URL(string: "https://e.org/feed.json"))
        #expect(feed.format == .jsonFeed)
        #expect(feed.author?.name == "Jane")
        let entry = try #require(feed.entries.first)
        #expect(entry.id == "7")
        #expect(entry.link == "https://e.org/p/7")
        #expect(entry.content?.contains("a &lt; b") == true)
        #expect(entry.categories == ["t"])
        #expect(entry.enclosures == [Enclosure(url: "https://e.org/a.mp3", type: "audio/mpeg", length: 10)])
    }

    @Test("JSON Feed: the feed author's avatar is read (for faces), absolute, and not in the JSON contract")
    func jsonFeedAuthorAvatar() throws {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "home_page_url": "https://e.org/",
             "authors": [{"name": "Jane", "avatar": "/img/jane.png"}], "items": []}
            """
        let feed = try Feed.parse(Data(json.utf8), url: URL(string: "https://e.org/feed.json"))
        #expect(feed.author?.avatar == "https://e.org/img/jane.png")
        #expect(feed.logo == nil && feed.icon == nil)
        #expect(!feed.jsonContract().contains("avatar"))
    }

    @Test func nestedRelativeXMLBaseResolvesAgainstTheDocumentURL() throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="/blog/">
              <entry xml:base="2024/"><id>x</id><link href="post.html"/>
                <content type="html" xml:base="img/">&lt;img src="a.png"&gt;</content></entry>
            </feed>
            """
        let feed = try Feed.parse(Data(xml.utf8), url: URL(string: "https://e.org/feed.atom"))
        #expect(feed.entries.first?.link == "https://e.org/blog/2024/post.html")
        #expect(feed.entries.first?.content?.contains("https://e.org/blog/2024/img/a.png") == true)
    }

    struct TitleCase: CustomTestStringConvertible, Sendable {
        let raw: String
        let expected: String
        var testDescription: String { raw }
    }

    @Test(
        "RSS titles come out as plain text",
        arguments: [
            TitleCase(raw: "Plain", expected: "Plain"),
            TitleCase(raw: "&lt;b&gt;Bold&lt;/b&gt; move", expected: "Bold move"),
            TitleCase(raw: "Tom &amp;amp; Jerry", expected: "Tom & Jerry"),
            TitleCase(raw: "It&amp;#8217;s", expected: "It\u{2019}s"),
            TitleCase(raw: "a &lt; b", expected: "a < b"),
            TitleCase(raw: "  spread \n over   lines ", expected: "spread over lines")
        ])
    func rssTitle(_ testCase: TitleCase) throws {
        let xml = "<rss version=\"2.0\"><channel><item><title>\(testCase.raw)</title></item></channel></rss>"
        #expect(try Feed.parse(Data(xml.utf8), url: nil).entries.first?.title == testCase.expected)
    }
}
