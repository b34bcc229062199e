import Foundation
import PlanetCache
import PlanetSubscriptions

/// A feed's identity through one build: its subscription URL (feeds.txt's, normalized by
/// `FeedList`) as the cache keys its rows (`FeedState.url`, the URL's `absoluteString`).
///
/// The build's maps of feeds (outcomes, states, counts, faces) are keyed by it; it becomes the
/// cache's `String` only where a call crosses into `PlanetCache` or `PlanetRiver`
/// (`string`), and a URL only where one is fetched (the subscription's own `url`).
struct FeedKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The subscription URL's text, as the cache stores it.
    let string: String

    /// The key of the feed at `url` (a subscription's URL).
    init(_ url: URL) { string = url.absoluteString }

    /// The key of a feed the cache or another stage names by its URL text.
    init(stored: String) { string = stored }

    var description: String { string }

    static func < (a: FeedKey, b: FeedKey) -> Bool { a.string < b.string }
}

extension Subscription {
    /// This subscription's feed identity through the build.
    var key: FeedKey { FeedKey(url) }
}

extension FeedState {
    /// The feed identity of this cache row.
    var key: FeedKey { FeedKey(stored: url) }
}

extension Dictionary where Key == String {
    /// This map with each feed URL text as a `FeedKey` (a cache answer keyed by `String`).
    func byFeedKey() -> [FeedKey: Value] {
        [FeedKey: Value](uniqueKeysWithValues: map { (FeedKey(stored: $0.key), $0.value) })
    }
}

extension Dictionary where Key == FeedKey {
    /// This map with each `FeedKey` as the cache's URL text (a cache call's argument).
    func byURLText() -> [String: Value] {
        [String: Value](uniqueKeysWithValues: map { ($0.key.string, $0.value) })
    }
}
