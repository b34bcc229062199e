import Foundation
import PlanetBase
import Testing

@testable import FeedParser

/// Strings enter the model without the characters XML 1.0 forbids (§2.2): a JSON Feed with
/// `"\ufffe"` or `"\u0001"` in a title made rss.xml, atom.xml and opml.xml ill-formed.
@Suite("characters XML 1.0 forbids")
struct ForbiddenCharacterTests {
    @Test("a JSON Feed's U+FFFE, U+FFFF, NUL, ESC and other C0 controls never reach the feed")
    func jsonFeedIsScrubbed() throws {
        let json =
            #"{"version":"https://jsonfeed.org/version/1.1","title":"T\ufffe\u0000itle","#
            + #""authors":[{"name":"A\u001b]0;pwned\u0007n"}],"#
            + #""items":[{"id":"1\uffff","title":"\u001b[2JHi\u0001\tthere\n","content_html":"<p>x\u000b</p>","#
            + #""tags":["t\u0008ag"],"url":"https://example.org/1"}]}"#
        let feed = try Feed.parse(Data(json.utf8), url: URL(string: "https://example.org/feed.json"))
        #expect(feed.title == "Title")
        #expect(feed.author?.name == "A]0;pwnedn")
        let entry = try #require(feed.entries.first)
        #expect(entry.id == "1")
        #expect(entry.title == "[2JHi there")
        #expect(entry.categories == ["tag"])
        #expect(entry.content == "<p>x</p>")
        let everything =
            [feed.title, feed.author?.name, entry.id, entry.title, entry.content] + entry.categories.map(Optional.some)
        for text in everything.compactMap({ $0 }) {
            #expect(!text.unicodeScalars.contains { !XMLCharacters.isAllowed($0) }, "\(text.debugDescription)")
        }
    }
}
