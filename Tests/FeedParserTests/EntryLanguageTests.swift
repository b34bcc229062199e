import FeedParser
import Foundation
import Testing

/// An entry's language (xml:lang, RSS dc:language, JSON Feed `language`) survives the whole of
/// `Feed.parse`, including the pass that scrubs what XML 1.0 forbids from every string.
@Suite("Entry language")
struct EntryLanguageTests {
    @Test("Atom entry xml:lang and JSON Feed item language reach the parsed entry")
    func languageSurvivesParse() throws {
        let atom = Data(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en"><title>t</title><id>urn:f</id>
            <updated>2026-01-01T00:00:00Z</updated>
            <entry xml:lang="ur"><title>خبر</title><id>urn:e</id><updated>2026-01-01T00:00:00Z</updated>
            <content type="text">متن</content></entry></feed>
            """.utf8)
        let feed = try Feed.parse(atom, url: URL(string: "https://bbc.example/urdu.xml"))
        #expect(feed.entries.first?.language == "ur")
        #expect(feed.entries.first?.title == "خبر")
        let json = Data(
            (#"{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[{"id":"1","title":"a\u0007b","#
                + #""content_text":"x","language":"de"}]}"#).utf8)
        let item = try Feed.parse(json, url: nil).entries.first
        #expect(item?.language == "de")
        #expect(item?.title?.unicodeScalars.contains { $0.value < 0x20 } == false, "the C0 control is scrubbed")
    }
}
