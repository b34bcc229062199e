import Foundation
import PlanetCache
import PlanetFetcher

/// How much of one reading list a build takes (README.md "Reading lists"): a reading list is
/// someone else's file, so its bytes and its feeds are bounded, whatever feeds.txt's `max_bytes`.
enum ReadingListLimits {
    /// Feeds taken from one list, in its order; the rest are left out with a warning.
    static let maxFeeds = 5_000
    /// Bytes read of one list (after content decoding); a larger list fails as too large and
    /// keeps its last good set.
    static let maxBytes = 2_000_000

    /// The fetcher lists are fetched with: `fetcher` with at most `maxBytes`, on its engine
    /// (`Fetcher.withLimits`).
    static func fetcher(_ fetcher: Fetcher) -> Fetcher {
        fetcher.withLimits(maxBytes: min(fetcher.configuration.maxBytes, maxBytes))
    }

    /// The first `maxFeeds` of `feeds`, and a warning naming `list` when some were left out.
    static func taken(_ feeds: [ListedFeed], list: String) -> (feeds: [ListedFeed], warning: String?) {
        guard feeds.count > maxFeeds else { return (feeds, nil) }
        let warning =
            "reading list \(list): \(feeds.count) feeds, only the first \(maxFeeds) are taken (the cap of one list)"
        return (Array(feeds.prefix(maxFeeds)), warning)
    }
}
