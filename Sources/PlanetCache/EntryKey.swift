/// Which entry of which feed: the key of a cached entry (the `entry` table's primary key,
/// `feed_url, id`). An entry id names a post only within its feed (RSS 2.0 spec, `<guid>`: unique
/// within the channel), so both parts are needed; the same id in two feeds is two keys.
package struct EntryKey: Hashable, Sendable {
    /// The subscription's feed URL, as in feeds.txt (`CachedEntry.feedURL`).
    package var feedURL: String
    /// The entry's id within that feed (`Entry.id`).
    package var id: String

    /// Creates the key of entry `id` of the feed `feedURL`.
    package init(feedURL: String, id: String) {
        self.feedURL = feedURL
        self.id = id
    }
}

extension CachedEntry {
    /// The entry's key: its feed URL and its id.
    package var key: EntryKey { EntryKey(feedURL: feedURL, id: entry.id) }
}
