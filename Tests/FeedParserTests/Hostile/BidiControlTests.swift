import Foundation
import PlanetBase
import Testing

@testable import FeedParser

/// Bidi controls (U+202A–U+202E, U+2066–U+2069) in plain-text fields reached the page: "Evil
/// \u{202E}gpj.exe" showed as "Evil exe.jpg". Plain-text fields drop them as they are read.
@Suite("Bidi controls in plain-text fields")
struct BidiControlTests {
    @Test("an RSS title, author, category and channel title lose their bidi controls")
    func rss() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
              <title>News\u{202B} of\u{2066} the day\u{2069}</title><link>https://example.org/</link>
              <item><title>Evil \u{202E}gpj.exe</title><dc:creator>Ann\u{202D}e</dc:creator>
                <category>s&#x202A;wift&#x202C;</category><guid>https://example.org/1</guid></item>
            </channel></rss>
            """
        let feed = try Feed.parse(Data(xml.utf8), url: URL(string: "https://example.org/feed"))
        #expect(feed.title == "News of the day")
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "Evil gpj.exe")
        #expect(entry.author?.name == "Anne")
        #expect(entry.categories == ["swift"])
    }

    @Test("TextControls.cleaned (feeds.txt names and settings) drops every bidi control and nothing else")
    func cleaned() {
        let all = [0x202A...0x202E, 0x2066...0x2069].flatMap { range in range.map { String(UnicodeScalar($0)!) } }
        #expect(TextControls.cleaned("a" + all.joined() + "b") == "ab")
        #expect(TextControls.cleaned("Zürich \u{200F}עברית\u{2026}") == "Zürich \u{200F}עברית\u{2026}")
    }
}
