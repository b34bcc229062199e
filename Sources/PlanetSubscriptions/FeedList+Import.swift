import Foundation

/// Feeds and settings read from another planet's subscription list (an OPML file, a Planet
/// Venus config.ini: `planet import`), to be added to feeds.txt with `FeedList.merge(_:)`.
package struct ImportedList: Sendable {
    /// The feeds in the order read, each with the group it sat in (OPML folders joined by
    /// ` / `: `Tech / Swift`), nil for none.
    package var feeds: [(subscription: Subscription, group: String?)]
    /// planet settings (`key`, `value`) in the order read; `include`/`exclude` may repeat.
    package var settings: [(key: String, value: String)]
    /// Reading lists (`list URL` lines, a Venus section with `content_type = opml`).
    package var readingLists: [URL]

    /// Creates an imported list with the given feeds, settings and reading lists.
    package init(
        feeds: [(subscription: Subscription, group: String?)], settings: [(key: String, value: String)] = [],
        readingLists: [URL] = []
    ) {
        self.feeds = feeds
        self.settings = settings
        self.readingLists = readingLists
    }
}

/// What `FeedList.merge(_:)` changed.
package struct ImportSummary: Sendable, Equatable {
    /// Feeds added.
    package var added: Int
    /// Feeds left out because feeds.txt (or the import, earlier) already had them.
    package var skipped: Int
    /// The keys of the settings set, in the order first set, each once.
    package var settings: [String]
}

extension FeedList {
    /// The settings a new feeds.txt starts with (`planet init`), each with the placeholder value
    /// meant to be edited; `merge(_:)` replaces a setting that still has it.
    package static let placeholderSettings: [(key: String, value: String)] = [
        ("title", "My Planet"),
        ("link", "https://planet.example.org/"),
        ("owner", "Your Name <you@example.org>"),
        ("description", "Posts from the blogs I read."),
        ("items_per_page", "60")
    ]

    /// Adds an imported list: its feeds after the last feed (each once; a feed already listed,
    /// with URLs compared by `FeedURLNormalizer.comparisonKey`, is skipped), a `# group` comment
    /// above the first feed added of each group, its reading lists, and the settings feeds.txt
    /// lacks or still has with the value `planet init` wrote (`placeholderSettings`); a setting
    /// that repeats in the import (`include`, `exclude`) is appended each time.
    /// - Returns: how many feeds were added and skipped, and which settings were set.
    @discardableResult
    package mutating func merge(_ imported: ImportedList) -> ImportSummary {
        var seen = Set(subscriptions.map { FeedURLNormalizer.comparisonKey($0.url) })
        var feeds: [(subscription: Subscription, comment: String?)] = []
        var lastGroup: String?
        for (feed, group) in imported.feeds where seen.insert(FeedURLNormalizer.comparisonKey(feed.url)).inserted {
            feeds.append(
                (
                    Subscription(url: feed.url, name: feed.name, settings: feed.settings),
                    group != lastGroup ? group : nil
                ))
            lastGroup = group
        }
        add(contentsOf: feeds)
        for url in imported.readingLists { addReadingList(url) }
        var copied: [String] = []
        let placeholders = Dictionary(Self.placeholderSettings.map { ($0.key, $0.value) }) { first, _ in first }
        let present = settings.values
        for (key, value) in imported.settings
        where present[key] == nil || present[key] == placeholders[key]
            || copied.contains(key)
        {
            appendSetting(key, value)
            if !copied.contains(key) { copied.append(key) }
        }
        return ImportSummary(added: feeds.count, skipped: imported.feeds.count - feeds.count, settings: copied)
    }
}
