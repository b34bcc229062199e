import PlanetSubscriptions

/// A feed's identity through the build: its subscription URL as feeds.txt writes it
/// (`URL.absoluteString`), the key under which the cache keeps its state, entries and redirect
/// (`FeedState.url`, `EntryKey.feedURL`). Made once per subscription and per step, so that the
/// URL's text is not made again at every lookup.
struct FeedKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The URL's text, as the cache keys the feed.
    let text: String

    /// The key of `subscription`.
    init(_ subscription: Subscription) { text = subscription.url.absoluteString }

    /// The key of a feed the cache names by `feedURL`.
    init(cached feedURL: String) { text = feedURL }

    var description: String { text }

    static func < (a: FeedKey, b: FeedKey) -> Bool { a.text < b.text }
}

extension Subscription {
    /// The feed's identity through the build (`FeedKey`).
    var key: FeedKey { FeedKey(self) }
}
