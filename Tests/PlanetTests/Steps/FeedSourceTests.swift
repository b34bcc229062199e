import FeedParser
import Foundation
import PlanetCache
import PlanetRiver
import PlanetSubscriptions
import TestSupport
import Testing

@testable import Planet
@testable import PlanetSite

/// What a subscription's river source says about its feed: the per-feed settings fill in what the
/// document does not say, and without a document this run, the cache's memory of the last one.
@Suite struct FeedSourceTests {
    let url = URL(string: "https://blog.example.com/feed.xml")!

    /// The cache tests' fixtures (Tests/PlanetCacheTests/CacheFixtures.swift) this suite needs.
    enum F {
        static let day: TimeInterval = 86_400
        /// 2024-01-01T00:00:00Z
        static let t0 = Date(timeIntervalSince1970: 1_704_067_200)

        static func feed(_ entries: [Entry], title: String = "Jane's blog") -> Feed {
            Feed(format: .atom10, title: title, link: "https://blog.example.com/", entries: entries)
        }
    }

    func source(feedLanguage: String?, setting: String?) -> RiverSource {
        var feed = Feed(format: .rss20)
        feed.language = feedLanguage
        let settings = FeedSettings(setting.map { [FeedSettings.Pair(key: "language", value: $0)] } ?? [])
        return FeedSource.make(Subscription(url: url, settings: settings), feed: feed, state: nil)
    }

    @Test(
        "the per-feed language setting fills in for a feed that states none or a malformed tag, never over a good one")
    func languageSetting() {
        #expect(source(feedLanguage: nil, setting: "ur").head.language == "ur")
        #expect(source(feedLanguage: "English please", setting: "en-GB").head.language == "en-GB")
        #expect(source(feedLanguage: "de", setting: "ur").head.language == "de")
        #expect(source(feedLanguage: nil, setting: nil).head.language == nil)
        #expect(source(feedLanguage: "English please", setting: nil).head.language == "English please")
    }

    @Test("an entry of a feed with the setting is lang=… on the page")
    func languageReachesThePage() {
        let entry = RiverEntry(
            entry: Entry(id: "1"), source: source(feedLanguage: nil, setting: "ar"),
            date: Date(timeIntervalSince1970: 0))
        #expect(SiteEntry.language(of: entry) == "ar")
    }

    @Test("the feed's head (id, updated, author, language) and each entry's language survive a 304")
    func feedHeadSurvivesNotModified() async throws {
        try await withDeadline {
            let url = self.url.absoluteString
            let cache = try FeedCache(path: ":memory:")
            var feed = F.feed([Entry(id: "a", language: "ur")])
            feed.id = "tag:blog.example.com,2024:feed"
            feed.updated = F.t0
            feed.author = Person(name: "Jane", email: "jane@example.com", uri: "https://blog.example.com/jane")
            feed.language = "ur"
            try await cache.recordSuccess(
                feedURL: url, feed: feed, info: FetchInfo(), now: F.t0, retention: Retention())
            try await cache.recordNotModified(feedURL: url, now: F.t0.addingTimeInterval(F.day), retention: Retention())
            let state = try #require(try await cache.state(for: url))
            #expect(
                state.feedID == feed.id && state.updated == F.t0 && state.author == feed.author
                    && state.language == "ur")
            #expect(try await cache.entries(feedURLs: [url]).first?.entry.language == "ur")
            let source = FeedSource.make(Subscription(url: URL(string: url)!), feed: nil, state: state)
            #expect(
                source.head
                    == RiverSourceHead(
                        id: feed.id, title: "Jane's blog", updated: F.t0, authorName: "Jane",
                        authorEmail: "jane@example.com", authorURI: "https://blog.example.com/jane",
                        language: "ur"))
        }
    }
}
