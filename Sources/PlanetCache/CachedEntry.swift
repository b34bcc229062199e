import FeedParser
import Foundation

/// An entry as the cache holds it: the parsed entry, the feed it came from and when planet first saw it.
package struct CachedEntry: Sendable, Equatable {
    /// The subscription's feed URL (the cache key, as in feeds.txt).
    package var feedURL: String
    /// The entry as last parsed. Its dates are the document's; `firstSeen` is the fallback for sorting.
    package var entry: Entry
    /// When this entry id first appeared in this feed; set once and never rewritten. An undated
    /// entry is dated by it (docs/ARCHITECTURE.md, rule 3: undated posts do not jump to the top).
    package var firstSeen: Date
    /// True when the entry was in the feed's latest successfully fetched document, false when it
    /// has fallen off and is kept by retention only.
    package var inDocument: Bool
    /// True for an entry of the feed's first fetch beyond its newest `new_feed_items`: recorded as
    /// already seen and never shown (`River`).
    package var backlog: Bool
    /// 0-based place of the entry in the document that first brought it: entries first seen
    /// together keep the document's order (`River`).
    package var position: Int = 0

    /// Creates a cached entry with the given fields; `inDocument` defaults to true, `backlog` to false.
    package init(feedURL: String, entry: Entry, firstSeen: Date, inDocument: Bool = true, backlog: Bool = false) {
        self.feedURL = feedURL
        self.entry = entry
        self.firstSeen = firstSeen
        self.inDocument = inDocument
        self.backlog = backlog
    }
}
