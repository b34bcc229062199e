import Foundation

extension FeedList {
    /// The listed feed whose URL names the same feed as `url` (compared by
    /// `FeedURLNormalizer.comparisonKey`: `https://Example.org:443/feed` is `https://example.org/feed`),
    /// with its line number; nil when there is none.
    public func subscription(sameAs url: URL) -> Subscription? {
        let key = FeedURLNormalizer.comparisonKey(url)
        return subscriptions.first { FeedURLNormalizer.comparisonKey($0.url) == key }
    }

    /// Appends a feed line after the last feed, unless the feed is already listed.
    ///
    /// A file URL inside the folder of feeds.txt is written as a relative path; the name is
    /// aligned with the names of the feed lines above.
    /// - Parameter comment: text of a `# comment` line written directly above the feed (e.g. the
    ///   OPML folder an imported feed came from); nil for none. Line breaks become spaces.
    /// - Returns: false (and nothing changed) when a feed with the same URL is present, compared
    ///   as `subscription(sameAs:)` does.
    @discardableResult
    public mutating func add(_ subscription: Subscription, comment: String? = nil) -> Bool {
        guard self.subscription(sameAs: subscription.url) == nil else { return false }
        insert(subscription, comment: comment)
        return true
    }

    /// Adds feeds in order as `add(_:comment:)` does one at a time, comparing URLs once per feed
    /// (an import of a thousand feeds stays linear). A feed repeated within `feeds` is added once.
    /// - Returns: for each feed, whether it was added.
    @discardableResult
    public mutating func add(contentsOf feeds: [(subscription: Subscription, comment: String?)]) -> [Bool] {
        var listed = Set(subscriptions.map { FeedURLNormalizer.comparisonKey($0.url) })
        var added: [Bool] = []
        for (subscription, comment) in feeds {
            let isNew = listed.insert(FeedURLNormalizer.comparisonKey(subscription.url)).inserted
            if isNew { insert(subscription, comment: comment) }
            added.append(isNew)
        }
        return added
    }

    /// Writes the feed line (and its comment line) after the last feed.
    private mutating func insert(_ subscription: Subscription, comment: String?) {
        let location = writtenLocation(of: subscription.url)
        var text = location
        if let name = subscription.name, !name.isEmpty {
            let gap = nameColumn.map { max(1, $0 - location.count) } ?? 3
            text += String(repeating: " ", count: gap) + DisplayName.written(name)
        }
        var index = (lines.lastIndex(where: \.isFeed)).map { $0 + 1 } ?? lines.count
        if let comment {
            let flat = comment.split(whereSeparator: \.isNewline).joined(separator: " ")
            lines.insert(Line(text: "# " + flat, kind: .comment), at: index)
            index += 1
        }
        var added = subscription
        added.line = index + 1
        lines.insert(Line(text: text, kind: .feed(added)), at: index)
    }
}
