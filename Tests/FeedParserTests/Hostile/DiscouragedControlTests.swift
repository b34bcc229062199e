import Foundation
import PlanetBase
import Testing

@testable import FeedParser

/// DEL and C1 controls in a feed's text fields follow `TextControls` as they enter the model: DEL
/// removed, a C1 control read as its windows-1252 character or removed. A JSON Feed title with
/// `"\u007f"` reached the page and the planet's feeds raw.
@Suite("DEL and C1 controls in text fields")
struct DiscouragedControlTests {
    @Test("a JSON Feed's DEL and C1 controls become what TextControls says, in every text field")
    func jsonFeed() throws {
        let json =
            #"{"version":"https://jsonfeed.org/version/1.1","title":"A\u007fB\u0085C\u0080D\u0081E","#
            + #""description":"sub\u007ftitle","authors":[{"name":"Jane\u007f Doe\u0092s"}],"#
            + #""items":[{"id":"1","title":"T\u007fx\u0085y\u009d","summary":"s\u007fum","#
            + #""content_text":"a\u007fb\u0085c","tags":["sw\u007fift","\u007f"],"url":"https://example.org/1"}]}"#
        let feed = try Feed.parse(Data(json.utf8), url: URL(string: "https://example.org/feed.json"))
        #expect(feed.title == "AB…C€DE")
        #expect(feed.subtitle == "subtitle")
        #expect(feed.author?.name == "Jane Doe’s")
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "Tx…y")
        #expect(entry.categories == ["swift"])
        #expect(entry.summary == "sum")
        #expect(entry.content == "ab…c")
        let texts = [feed.title, feed.subtitle, feed.author?.name, entry.title, entry.summary, entry.content]
        for text in (texts + entry.categories.map(Optional.some)).compactMap({ $0 }) {
            #expect(!text.unicodeScalars.contains(where: TextControls.isControl), "\(text.debugDescription)")
        }
    }

    @Test("raw DEL and C1 in an RSS title, author and category")
    func rss() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
              <title>News\u{7F} of\u{85} the day</title><link>https://example.org/</link>
              <item><title>Hello\u{7F}World &#127;&#133;</title><dc:creator>Ann\u{7F}e</dc:creator>
                <category>c\u{7F}at</category><guid>g</guid></item>
            </channel></rss>
            """
        let feed = try Feed.parse(Data(xml.utf8), url: URL(string: "https://example.org/feed.xml"))
        #expect(feed.title == "News of… the day")
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "HelloWorld …")
        #expect(entry.author?.name == "Anne")
        #expect(entry.categories == ["cat"])
    }
}
