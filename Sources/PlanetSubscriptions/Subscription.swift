import Foundation

/// One feed line of feeds.txt: where the feed lives and how the planet names it.
public struct Subscription: Sendable, Equatable, Hashable {
    /// Absolute URL of the feed: `http`, `https` or `file` (a path in feeds.txt is resolved
    /// against the folder of feeds.txt and stored as a `file:` URL).
    public var url: URL
    /// Display name given after the URL in feeds.txt, if any.
    public var name: String?
    /// 1-based line number in feeds.txt (0 when the subscription did not come from a file).
    public var line: Int
    /// The indented `key = value` lines under the feed line (see `FeedSettings`); a `name`
    /// setting there is also the display name.
    public var settings: FeedSettings
    /// The reading list (`list URL` of feeds.txt) whose OPML names this feed; nil for a feed of
    /// feeds.txt. The list is someone else's document: the private-address rule treats it as the
    /// hop before the feed's first, as if it had redirected there (docs/ARCHITECTURE.md, Rules 7).
    package var listedBy: URL?

    /// Creates a subscription with the given fields; no name, line 0 and no settings by default.
    public init(url: URL, name: String? = nil, line: Int = 0, settings: FeedSettings = FeedSettings()) {
        self.url = url
        self.name = name
        self.line = line
        self.settings = settings
    }
}
