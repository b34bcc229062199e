import FeedParser
import Foundation
@testable import Planet
import PlanetCache
import PlanetRiver
import PlanetSubscriptions
import Testing

/// The river source of a subscription (`FeedSource.make`) from what the cache remembers.
@Suite("FeedSource: a feed's head from the cache", .timeLimit(.minutes(1)))
struct FeedSourceTests {
    /// The cache tests' fixtures (Tests/PlanetCacheTests/CacheFixtures.swift) this suite needs.
    enum F {
        static let day: TimeInterval = 86_400
        /// 2024-01-01T00:00:00Z
        static let t0 = Date(timeIntervalSince1970: 1_704_067_200)

        static func feed(_ entries: [Entry], title: String = "Jane's blog") -> Feed {
            Feed(format: .atom10, title: title, link: "https://blog.example.com/", entries: entries)
        }
    }
    let url = "https://blog.example.com/feed.xml"

    @Test("the feed's head (id, updated, author, language) and each entry's language survive a 304")
    func feedHeadSurvivesNotModified() async throws {
        let cache = try FeedCache(path: ":memory:")
        var feed = F.feed([Entry(id: "a", language: "ur")])
        feed.id = "tag:blog.example.com,2024:feed"
        feed.updated = F.t0
        feed.author = Person(name: "Jane", email: "jane@example.com", uri: "https://blog.example.com/jane")
        feed.language = "ur"
        try await cache.recordSuccess(feedURL: url, feed: feed, info: FetchInfo(), now: F.t0, retention: Retention())
        try await cache.recordNotModified(feedURL: url, now: F.t0.addingTimeInterval(F.day), retention: Retention())
        let state = try #require(try await cache.state(for: url))
        #expect(state.feedID == feed.id && state.updated == F.t0 && state.author == feed.author && state.language == "ur")
        #expect(try await cache.entries(feedURLs: [url]).first?.entry.language == "ur")
        let source = FeedSource.make(Subscription(url: URL(string: url)!), feed: nil, state: state)
        #expect(source.head == RiverSourceHead(id: feed.id, title: "Jane's blog", updated: F.t0, authorName: "Jane",
                                               authorEmail: "jane@example.com", authorURI: "https://blog.example.com/jane",
                                               language: "ur"))
    }
}
