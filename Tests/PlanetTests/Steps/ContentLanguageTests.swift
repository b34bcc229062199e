import FeedParser
import Foundation
import PlanetFetcher
import PlanetSubscriptions
import Testing

@testable import Planet

/// The HTTP Content-Language of a feed's response is the feed's language when the document states
/// none (issue 28): its first tag, when well-formed; the feed's own language and the per-feed
/// setting win over it.
@Suite struct ContentLanguageTests {
    static let url = URL(string: "https://blog.example.com/feed.xml")!

    @Test("the first tag of the header, when it is a language tag")
    func firstTag() {
        #expect(ContentLanguage.first("de") == "de")
        #expect(ContentLanguage.first("de, en") == "de")
        #expect(ContentLanguage.first("  en-GB ,fr") == "en-GB")
        #expect(ContentLanguage.first("pt_BR") == "pt-BR")
        #expect(ContentLanguage.first(nil) == nil)
        #expect(ContentLanguage.first("") == nil)
        #expect(ContentLanguage.first("*") == nil)
        #expect(ContentLanguage.first("English, de") == nil)
        // A server's header is not bounded by the feed: a tag of BCP 47's shape but kilobytes
        // long would be the `lang` of every entry of the feed (RFC 5646 §4.4.1: 35 characters).
        let long = "de" + String(repeating: "-abcdefgh", count: 1_100)
        #expect(ContentLanguage.first(long) == nil)
        #expect(ContentLanguage.first("x-klingon") == nil && ContentLanguage.first("i-default") == nil)
        #expect(ContentLanguage.first("de\u{202E}, en") == nil)
    }

    static func parsed(
        _ channel: String, header: String?, setting: String? = nil, ignoreLanguage: Bool = false
    ) -> String? {
        let rss = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>T</title><link>https://blog.example.com/</link>\(channel)
            <item><guid>g1</guid><title>One</title></item></channel></rss>
            """
        let settings = FeedSettings(
            (setting.map { [FeedSettings.Pair(key: "language", value: $0)] } ?? [])
                + (ignoreLanguage ? [FeedSettings.Pair(key: "ignore_language", value: "yes")] : []))
        let document = FetchedDocument(data: Data(rss.utf8), finalURL: url, contentLanguage: header)
        let result = FetchResult(subscription: Subscription(url: url, settings: settings), outcome: .fetched(document))
        guard case .parsed(let feed, _) = FeedOutcome.parse(result) else { return "not parsed" }
        return feed.language
    }

    @Test("a feed that states no language takes the header's first tag; its own language wins")
    func feedLanguage() {
        #expect(Self.parsed("", header: "de, en") == "de")
        #expect(Self.parsed("<language>fr</language>", header: "de") == "fr")
        #expect(Self.parsed("<language>English</language>", header: "de-AT") == "de-AT")
        #expect(Self.parsed("", header: "*") == nil)
        #expect(Self.parsed("", header: nil) == nil)
        // The per-feed setting of feeds.txt comes before the header (FeedSource applies it).
        #expect(Self.parsed("", header: "de", setting: "ur") == nil)
        #expect(Self.parsed("<language>fr</language>", header: "de", ignoreLanguage: true) == nil)
    }
}
