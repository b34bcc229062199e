import Foundation
import Testing

@testable import FeedParser

/// Plain-text fields are cut to `TextCaps` as they are read: a 5 MB channel title went into the
/// sidebar of every page (a 300-feed planet grew from 1.0 MB to 44 MB), a 9.9 MB entry title gave
/// a 9.9 MB index.html; the same through an OPML `text=`.
@Suite("Length caps on plain-text fields")
struct TextCapTests {
    let huge = String(repeating: "Spam ", count: 200_000)

    @Test("an RSS channel title, entry title, author and categories longer than their caps are cut, with a warning")
    func rss() throws {
        let categories = (1...300).map { "<category>tag\($0)</category>" }.joined()
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
              <title>\(huge)</title><link>https://example.org/</link><description>\(huge)</description>
              <item><title>\(huge)</title><dc:creator>\(huge)</dc:creator><guid>https://example.org/1</guid>
                <category>\(huge)</category>\(categories)</item>
              <item><title>Short</title><guid>https://example.org/2</guid></item>
            </channel></rss>
            """
        let feed = try Feed.parse(Data(xml.utf8), url: URL(string: "https://example.org/feed"))
        #expect(feed.title?.count == TextCaps.name)
        #expect(feed.title?.hasSuffix("…") == true)
        #expect(feed.title?.hasPrefix("Spam Spam") == true)
        #expect(feed.subtitle?.count == TextCaps.subtitle)
        let entry = try #require(feed.entries.first)
        #expect(entry.title?.count == TextCaps.title)
        #expect(entry.author?.name?.count == TextCaps.author)
        #expect(entry.categories.count == TextCaps.categories)
        #expect(entry.categories.first?.count == TextCaps.category)
        #expect(feed.entries.last?.title == "Short")
        let warning = try #require(feed.warnings.first { $0.contains("caps") })
        #expect(warning.contains("channel title (200 characters)"))
        #expect(warning.contains("entry title (500 characters)"))
        #expect(warning.count < 400)
    }

    @Test("a JSON Feed title at its cap is kept whole; one character more is cut")
    func jsonFeedAtTheCap() throws {
        func title(_ text: String) throws -> String? {
            let json = #"{"version":"https://jsonfeed.org/version/1.1","title":"\#(text)","items":[]}"#
            return try Feed.parse(Data(json.utf8), url: URL(string: "https://example.org/feed.json")).title
        }
        let exact = String(repeating: "é", count: TextCaps.name)
        #expect(try title(exact) == exact)
        #expect(try title(exact + "x") == String(repeating: "é", count: TextCaps.name - 1) + "…")
    }

    @Test("an OPML text= longer than the cap is cut, as a feed's name and as a folder")
    func opml() throws {
        let opml = """
            <opml version="2.0"><body><outline text="\(huge)">
              <outline text="\(huge)" xmlUrl="https://example.org/feed"/>
            </outline></body></opml>
            """
        let outlines = try OPMLReader.outlines(Data(opml.utf8))
        #expect(outlines.first?.title?.count == TextCaps.name)
        #expect(outlines.first?.folders.first?.count == TextCaps.name)
    }
}
