import Foundation
import PlanetSubscriptions

/// Which feeds `planet check` looks at: every feed line of feeds.txt (a feed listed twice too,
/// so the second is reported as a duplicate), those new or changed since a git commit, or the
/// URLs given.
struct CheckSelection: Sendable {
    /// The feed lines of `list` in file order, each with its 1-based line, a second listing of a
    /// feed included (`FeedList.subscriptions` counts it once).
    static func feedLines(of list: FeedList) -> [Subscription] {
        list.lines.enumerated().compactMap { index, line in
            guard var subscription = line.subscription else { return nil }
            subscription.line = index + 1
            return subscription
        }
    }

    /// The feeds of `list` that `old` (feeds.txt at an earlier commit) did not have, or had with
    /// another name or other settings; every feed when `old` is nil (the file is new).
    static func changed(in list: FeedList, since old: FeedList?) -> [Subscription] {
        let feeds = feedLines(of: list)
        guard let old else { return feeds }
        var before: [String: Subscription] = [:]
        for feed in feedLines(of: old) where before[FeedURLNormalizer.comparisonKey(feed.url)] == nil {
            before[FeedURLNormalizer.comparisonKey(feed.url)] = feed
        }
        let counts = Dictionary(feeds.map { (FeedURLNormalizer.comparisonKey($0.url), 1) }, uniquingKeysWith: +)
        let oldCounts = Dictionary(
            feedLines(of: old).map { (FeedURLNormalizer.comparisonKey($0.url), 1) }, uniquingKeysWith: +)
        return feeds.filter { feed in
            let key = FeedURLNormalizer.comparisonKey(feed.url)
            guard let earlier = before[key] else { return true }
            // A feed listed once more than before: its new line is a duplicate to report.
            if counts[key, default: 0] > oldCounts[key, default: 0] { return true }
            return earlier.name != feed.name || earlier.settings != feed.settings
        }
    }

    /// The feed lines of `list` that `urls` name (compared by `FeedURLNormalizer.comparisonKey`),
    /// and, at line 0, each URL that feeds.txt does not list (a feed someone asks to join).
    static func named(_ urls: [URL], in list: FeedList) -> [Subscription] {
        let feeds = feedLines(of: list)
        var chosen: [Subscription] = []
        for url in urls {
            let key = FeedURLNormalizer.comparisonKey(url)
            let listed = feeds.filter { FeedURLNormalizer.comparisonKey($0.url) == key }
            chosen += listed.isEmpty ? [Subscription(url: url)] : listed
        }
        return chosen
    }
}
