import Foundation
import Testing

@testable import FeedParser

/// A link or enclosure without a scheme is a relative reference resolved against its base (RFC
/// 3986 §5: xml:base, else the document URL); only `host/path` and `www.host` are read as a host
/// whose writer left out `https://` (`ReadContext.startsWithHostName`).
@Suite("Relative references in links and enclosures")
struct RelativeReferenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        /// The reference as the feed writes it, in `<link>` and `<enclosure url>`.
        var reference: String
        /// The item's `xml:base`, nil for none.
        var xmlBase: String?
        var expected: String?
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "podcast file", reference: "ep.ogg", expected: "https://example.org/podcast/ep.ogg"),
        Case(id: "mp3 file", reference: "episode-12.mp3", expected: "https://example.org/podcast/episode-12.mp3"),
        Case(id: "code file", reference: "app.py", expected: "https://example.org/podcast/app.py"),
        Case(id: "readme", reference: "readme.md", expected: "https://example.org/podcast/readme.md"),
        Case(id: "two dots", reference: "jquery.min.js", expected: "https://example.org/podcast/jquery.min.js"),
        Case(
            id: "PATH_INFO", reference: "index.php/2024/post",
            expected: "https://example.org/podcast/index.php/2024/post"),
        Case(id: "zip is a file", reference: "invoice.zip", expected: "https://example.org/podcast/invoice.zip"),
        Case(
            id: "against xml:base", reference: "ep.ogg", xmlBase: "https://media.example.net/shows/",
            expected: "https://media.example.net/shows/ep.ogg"),
        Case(
            id: "against relative xml:base", reference: "notes.txt", xmlBase: "2024/",
            expected: "https://example.org/podcast/2024/notes.txt"),
        Case(id: "bare name with dot", reference: "example.org", expected: "https://example.org/podcast/example.org"),
        Case(id: "host and path", reference: "example.net/post/", expected: "https://example.net/post/"),
        Case(
            id: "Hugo without scheme", reference: "0xmh.github.io/ar/about/",
            expected: "https://0xmh.github.io/ar/about/"),
        Case(id: "host and file", reference: "cdn.example.net/ep.ogg", expected: "https://cdn.example.net/ep.ogg"),
        Case(id: "www alone", reference: "www.example.net", expected: "https://www.example.net"),
        Case(
            id: "www host ignores xml:base", reference: "www.example.net/a", xmlBase: "https://other.example/",
            expected: "https://www.example.net/a"),
        Case(
            id: "www with a file extension", reference: "www.ep.mp3", expected: "https://example.org/podcast/www.ep.mp3"
        )
    ]

    /// An RSS 2.0 podcast whose one item has `reference` as its link and its enclosure.
    static func podcast(_ testCase: Case) -> Data {
        let base = testCase.xmlBase.map { " xml:base=\"\($0)\"" } ?? ""
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0">
              <channel>
                <title>Show</title>
                <link>https://example.org/podcast/</link>
                <item\(base)>
                  <title>Episode</title>
                  <link>\(testCase.reference)</link>
                  <guid isPermaLink="false">ep-1</guid>
                  <enclosure url="\(testCase.reference)" type="audio/ogg" length="1000"/>
                </item>
              </channel>
            </rss>
            """.utf8)
    }

    @Test("RSS link and enclosure", arguments: cases)
    func rss(_ testCase: Case) throws {
        let feed = try Feed.parse(Self.podcast(testCase), url: URL(string: "https://example.org/podcast/feed.xml"))
        let entry = try #require(feed.entries.first)
        #expect(entry.link == testCase.expected)
        #expect(entry.enclosures.map(\.url) == [testCase.expected].compactMap { $0 })
    }

    @Test("Atom link and enclosure against xml:base")
    func atom() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.org/code/">
              <title>Code</title>
              <id>urn:x</id>
              <entry>
                <id>urn:x:1</id>
                <title>Release</title>
                <link href="readme.md"/>
                <link rel="enclosure" href="app.py" type="text/x-python"/>
              </entry>
            </feed>
            """
        let feed = try Feed.parse(Data(document.utf8), url: URL(string: "https://example.org/feed.atom"))
        let entry = try #require(feed.entries.first)
        #expect(entry.link == "https://example.org/code/readme.md")
        #expect(entry.enclosures.map(\.url) == ["https://example.org/code/app.py"])
    }

    @Test("JSON Feed url, image and attachment against the feed")
    func jsonFeed() throws {
        let document = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Show",
             "items": [{"id": "1", "url": "ep1.html", "image": "cover.png",
                        "attachments": [{"url": "ep.ogg", "mime_type": "audio/ogg"}]}]}
            """
        let feed = try Feed.parse(Data(document.utf8), url: URL(string: "https://example.org/podcast/feed.json"))
        let entry = try #require(feed.entries.first)
        #expect(entry.link == "https://example.org/podcast/ep1.html")
        #expect(
            entry.enclosures.map(\.url) == [
                "https://example.org/podcast/ep.ogg", "https://example.org/podcast/cover.png"
            ])
    }
}
