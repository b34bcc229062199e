import Foundation

extension FeedList {
    /// The listed feed whose URL names the same feed as `url` (compared by
    /// `FeedURLNormalizer.comparisonKey`: `https://Example.org:443/feed` is `https://example.org/feed`),
    /// with its line number; nil when there is none.
    package func subscription(sameAs url: URL) -> Subscription? {
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
    package mutating func add(_ subscription: Subscription, comment: String? = nil) -> Bool {
        guard self.subscription(sameAs: subscription.url) == nil else { return false }
        insert(subscription, comment: comment)
        return true
    }

    /// Adds feeds in order as `add(_:comment:)` does one at a time, comparing URLs once per feed
    /// (an import of a thousand feeds stays linear). A feed repeated within `feeds` is added once.
    /// - Returns: for each feed, whether it was added.
    @discardableResult
    package mutating func add(contentsOf feeds: [(subscription: Subscription, comment: String?)]) -> [Bool] {
        var listed = Set(subscriptions.map { FeedURLNormalizer.comparisonKey($0.url) })
        var added: [Bool] = []
        for (subscription, comment) in feeds {
            let isNew = listed.insert(FeedURLNormalizer.comparisonKey(subscription.url)).inserted
            if isNew { insert(subscription, comment: comment) }
            added.append(isNew)
        }
        return added
    }

    /// Writes the feed line (and its comment line, and its settings indented under it) after the
    /// last feed and its settings.
    private mutating func insert(_ subscription: Subscription, comment: String?) {
        let location = writtenLocation(of: subscription.url)
        var text = location
        if let name = subscription.name, !name.isEmpty, subscription.settings["name"] == nil {
            let gap = nameColumn.map { max(1, $0 - location.count) } ?? 3
            text += String(repeating: " ", count: gap) + DisplayName.written(name)
        }
        var index = (lines.lastIndex(where: \.isFeed)).map { blockEnd(ofFeedAt: $0) + 1 } ?? lines.count
        if let comment {
            let flat = comment.split(whereSeparator: \.isNewline).joined(separator: " ")
            lines.insert(Line(text: "# " + flat, kind: .comment), at: index)
            index += 1
        }
        var added = subscription
        added.line = index + 1
        lines.insert(Line(text: text, kind: .feed(added)), at: index)
        let settingLines = subscription.settings.pairs.map { pair in
            Line(text: "    \(pair.key) = \(pair.value)", kind: .feedSetting(key: pair.key, value: pair.value))
        }
        lines.insert(contentsOf: settingLines, at: index + 1)
    }
}

extension FeedList {
    /// Appends a `list URL` line (a reading list) after the last feed and its settings, unless
    /// that list is already there. - Returns: false when it was.
    @discardableResult
    package mutating func addReadingList(_ url: URL) -> Bool {
        guard !readingLists.contains(url) else { return false }
        let last = lines.lastIndex { $0.isFeed || $0.isReadingList }
        let index = last.map { lines[$0].isFeed ? blockEnd(ofFeedAt: $0) + 1 : $0 + 1 } ?? lines.count
        lines.insert(Line(text: "list \(url.absoluteString)", kind: .readingList(url)), at: index)
        return true
    }

    /// Adds one more `key = value` setting line after the last setting, for the settings that
    /// may repeat (`include`, `exclude`); any other key is set as `setSetting` does.
    package mutating func appendSetting(_ key: String, _ value: String) {
        let key = key.lowercased()
        guard SettingKind.repeatable.contains(key), let last = lines.lastIndex(where: { $0.settingKey != nil }) else {
            setSetting(key, value)
            return
        }
        if lines.contains(where: { $0.settingKey == key && $0.text.hasSuffix("= \(value)") }) { return }
        lines.insert(Line(text: "\(key) = \(value)", kind: .setting(key: key, value: value)), at: last + 1)
    }
}

extension FeedList.Line {
    var isReadingList: Bool {
        if case .readingList = kind { return true }
        return false
    }
}
