import FeedParser
import Foundation
@testable import Planet
import Testing

/// What a subscription's river source says about its feed: the per-feed settings fill in what the
/// document does not say.
@Suite struct FeedSourceTests {
    let url = URL(string: "https://blog.example.com/feed.xml")!

    func source(feedLanguage: String?, setting: String?) -> RiverSource {
        var feed = Feed(format: .rss20)
        feed.language = feedLanguage
        let settings = FeedSettings(setting.map { [FeedSettings.Pair(key: "language", value: $0)] } ?? [])
        return FeedSource.make(Subscription(url: url, settings: settings), feed: feed, state: nil)
    }

    @Test("the per-feed language setting fills in for a feed that states none or a malformed tag, never over a good one")
    func languageSetting() {
        #expect(source(feedLanguage: nil, setting: "ur").head.language == "ur")
        #expect(source(feedLanguage: "English please", setting: "en-GB").head.language == "en-GB")
        #expect(source(feedLanguage: "de", setting: "ur").head.language == "de")
        #expect(source(feedLanguage: nil, setting: nil).head.language == nil)
        #expect(source(feedLanguage: "English please", setting: nil).head.language == "English please")
    }

    @Test("an entry of a feed with the setting is lang=… on the page")
    func languageReachesThePage() {
        let entry = RiverEntry(entry: Entry(id: "1"), source: source(feedLanguage: nil, setting: "ar"),
                               date: Date(timeIntervalSince1970: 0))
        #expect(SiteEntry.language(of: entry) == "ar")
    }
}
