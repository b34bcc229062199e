import Foundation
import PlanetCache
import PlanetSubscriptions

/// The feeds that reading lists (`list URL` lines of feeds.txt, README.md "Reading lists") add
/// to a planet: one rule for the build, which subscribes to them, and for `planet list`, which
/// shows them from the cache.
package enum ReadingListFeeds {
    /// One feed a reading list adds.
    package struct Listed: Sendable, Equatable {
        /// The feed, named by its OPML title (no name when the title is empty or is its URL).
        package var subscription: Subscription
        /// The reading list it comes from: the first list that has it.
        package var list: URL

        /// Creates a listed feed.
        package init(subscription: Subscription, list: URL) {
            self.subscription = subscription
            self.list = list
        }
    }

    /// The feeds of `lists`, in list order and each list's own order, without those that
    /// `listed` (feeds.txt's own feeds) already has or an earlier list gave (URLs compared by
    /// `FeedURLNormalizer.comparisonKey`), and without an outline whose URL does not parse: a feed
    /// that feeds.txt lists itself keeps its own line (name, settings).
    /// - Parameters:
    ///   - lists: each reading list with the feeds of its last good copy, in feeds.txt order.
    ///   - listed: the feeds of feeds.txt (`FeedList.subscriptions`).
    package static func merge(_ lists: [(url: URL, feeds: [ListedFeed])], besides listed: [Subscription]) -> [Listed] {
        var seen = Set(listed.map { FeedURLNormalizer.comparisonKey($0.url) })
        var result: [Listed] = []
        for (list, feeds) in lists {
            for feed in feeds {
                guard let url = URL(string: feed.url), seen.insert(FeedURLNormalizer.comparisonKey(url)).inserted
                else { continue }
                let name = feed.title.flatMap { $0.isEmpty || $0 == feed.url ? nil : $0 }
                var subscription = Subscription(url: url, name: name)
                subscription.listedBy = list
                result.append(Listed(subscription: subscription, list: list))
            }
        }
        return result
    }
}
