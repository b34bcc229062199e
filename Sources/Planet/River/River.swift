import FeedParser
import Foundation

/// Merges the entries of every feed into one river: newest first, each post once, cut to a page.
public enum River {
    /// Builds the river.
    ///
    /// - Sort date: `published`, else the first-seen time (issue 5: an entry whose `updated`
    ///   changes does not move up, so `updated` never dates an entry; one with only `updated` is
    ///   dated by when planet first saw it). A date after `now` is replaced by the first-seen
    ///   time (itself never after `now`), so a post dated 2100 sits where it appeared and ages
    ///   like any other instead of staying first for good.
    /// - Order: date descending; ties broken by feed URL, then entry id, so that the same input
    ///   always gives the same page.
    /// - Duplicates: an entry whose id, or whose link, was already taken by a newer (earlier in
    ///   order) entry is dropped: the same post reached through two feeds, or a guid repeated
    ///   inside one feed, appears once. An id that is not an absolute IRI (an RSS guid such as
    ///   "1") counts within its own feed only (`EntryIdentity`), so two feeds' posts "1" both stay.
    /// - Parameters:
    ///   - candidates: entries of all feeds, any order.
    ///   - now: the build time.
    ///   - limit: entries kept (setting `items_per_page`); 0 or less keeps none.
    /// - Returns: at most `limit` entries, newest first.
    public static func build(_ candidates: [RiverCandidate], now: Date, limit: Int) -> [RiverEntry] {
        let dated = candidates.map { candidate in
            let raw = candidate.entry.published.flatMap { $0 > now ? nil : $0 } ?? candidate.firstSeen
            return RiverEntry(entry: candidate.entry, source: candidate.source, date: min(raw, now))
        }
        let ordered = dated.sorted(by: isBefore)
        var seenIDs = Set<String>()
        var seenLinks = Set<String>()
        var river: [RiverEntry] = []
        river.reserveCapacity(min(limit, ordered.count))
        for item in ordered where river.count < limit {
            guard seenIDs.insert(EntryIdentity.riverKey(item.entry.id, feedURL: item.source.feedURL)).inserted
            else { continue }
            if let link = item.entry.link, !link.isEmpty {
                guard seenLinks.insert(link).inserted else { continue }
            }
            river.append(item)
        }
        return river
    }

    /// Newest first; equal dates ordered by feed URL, then entry id.
    static func isBefore(_ a: RiverEntry, _ b: RiverEntry) -> Bool {
        if a.date != b.date { return a.date > b.date }
        if a.source.feedURL != b.source.feedURL { return a.source.feedURL < b.source.feedURL }
        return a.entry.id < b.entry.id
    }

    /// Whether `river`, built from only the newest `read` entry heads (by published, else first
    /// seen: `FeedCache.entryHeads(feedURLs:newest:)`), is the river of all heads.
    ///
    /// True when fewer than `read` heads exist (none was left out), or when the river is full and
    /// its last entry sorts before every head left out. A head's river date is never later than
    /// the date it was read by (published, else first seen; clamping only lowers it), and the
    /// heads were read in that order, then by feed URL and id, as the river breaks ties. So a head
    /// left out sorts after the page when the page's last entry is strictly newer than the oldest
    /// head read, or equally old and, by feed URL then id, not after the last head read of that
    /// date (the ones left out of that date come after it). Such a head can neither enter the
    /// page nor change which duplicate is kept. Ties are therefore decided from the heads read:
    /// a feed of 300,000 undated entries, all first seen at once, needs no read of all of them.
    public static func prefixSuffices<S: Sequence>(_ heads: S, river: [RiverEntry], limit: Int,
                                                  read: Int) -> Bool where S.Element == CachedEntry {
        var count = 0
        var oldest = Date.distantFuture
        var lastOfOldest: (feedURL: String, id: String)?
        for head in heads {
            count += 1
            let date = head.entry.published ?? head.firstSeen
            let key = (feedURL: head.feedURL, id: head.entry.id)
            if date < oldest {
                oldest = date
                lastOfOldest = key
            } else if date == oldest, let known = lastOfOldest, known < key {
                lastOfOldest = key
            }
        }
        guard count >= read else { return true }
        guard river.count >= limit, let last = river.last else { return false }
        if last.date > oldest { return true }
        guard last.date == oldest, let boundary = lastOfOldest else { return false }
        return (feedURL: last.source.feedURL, id: last.entry.id) <= boundary
    }
}
