/// How long entries that fell off a feed stay in the cache (and so on the page).
///
/// Settings `keep_days` and `keep_entries` of feeds.txt. An entry is pruned when it is
/// older than `keepDays` (by `published`, else first seen) **or** not among its feed's `keepEntries`
/// newest, except that an entry still present in the feed's current document is never pruned (pruning
/// it would only bring it back next run with a new first-seen time).
package struct Retention: Sendable, Equatable {
    /// Entries older than this many days (86 400 s each) are dropped. Default 90.
    package var keepDays: Int
    /// At most this many entries per feed are kept, newest first. Default 200.
    package var keepEntries: Int

    /// Creates a retention policy; defaults 90 days and 200 entries per feed.
    package init(keepDays: Int = 90, keepEntries: Int = 200) {
        self.keepDays = keepDays
        self.keepEntries = keepEntries
    }
}
