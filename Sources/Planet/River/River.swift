import FeedParser
import Foundation

/// Merges the entries of every feed into one river: newest first, each post once, cut to a page.
public enum River {
    /// Builds the river.
    ///
    /// - Sort date: `published`, else the first-seen time (issue 5: an entry whose `updated`
    ///   changes does not move up, so `updated` never dates an entry; one with only `updated` is
    ///   dated by when planet first saw it). Dates after `now` are clamped to `now` (DESIGN.md:
    ///   future dates are shown at the build time).
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
        build(candidates, now: now, page: RiverPage(limit: limit))
    }

    /// Builds the river as `build(_:now:limit:)` does, within the fairness rules of `page`
    /// (per-feed caps, days per page; see `RiverPage`). Backlog entries (`new_feed_items`) are
    /// left out, as Planet Venus and Planet 2.x hide them.
    public static func build(_ candidates: [RiverCandidate], now: Date, page: RiverPage) -> [RiverEntry] {
        let limit = page.limit
        let dated = candidates.map { candidate in
            let raw = candidate.entry.published ?? candidate.firstSeen
            var item = RiverEntry(entry: candidate.entry, source: candidate.source, date: min(raw, now),
                                  backlog: candidate.backlog)
            item.position = candidate.position
            return item
        }
        let ordered = dated.sorted(by: isBefore)
        var seenIDs = Set<String>()
        var seenLinks = Set<String>()
        var fairness = RiverPage.Tally(page, now: now)
        var river: [RiverEntry] = []
        river.reserveCapacity(min(limit, ordered.count))
        for item in ordered where river.count < limit {
            guard fairness.admits(item) else { continue }
            guard seenIDs.insert(EntryIdentity.riverKey(item.entry.id, feedURL: item.source.feedURL)).inserted
            else { continue }
            if let link = item.entry.link, !link.isEmpty {
                guard seenLinks.insert(link).inserted else { continue }
            }
            fairness.count(item)
            river.append(item)
        }
        return river
    }

    /// Backlog entries last; newest first; equal dates ordered by feed URL, then place in the
    /// feed's document (`position`), then entry id.
    static func isBefore(_ a: RiverEntry, _ b: RiverEntry) -> Bool {
        if a.backlog != b.backlog { return !a.backlog }
        if a.date != b.date { return a.date > b.date }
        if a.source.feedURL != b.source.feedURL { return a.source.feedURL < b.source.feedURL }
        if a.position != b.position { return a.position < b.position }
        return a.entry.id < b.entry.id
    }

    /// Whether `river`, built from only the newest `read` entry heads (by published, else first
    /// seen: `FeedCache.entryHeads(feedURLs:newest:)`), is the river of all heads.
    ///
    /// True when fewer than `read` heads exist (none was left out), or when the river is full and
    /// its last entry is strictly newer than the oldest head read: every head left out is no
    /// newer than that one, so it sorts after the whole page and can neither enter it nor change
    /// which duplicate is kept. Ties at the boundary and future dates (clamped to the build time,
    /// then ordered by feed URL and id) never pass this test, so they fall back to all heads.
    /// With `cutoff` (`RiverPage.daysPerPage`), it is also true when the oldest head read is older
    /// than the cutoff: every head left out is too old for the page.
    public static func prefixSuffices<S: Sequence>(_ heads: S, river: [RiverEntry], limit: Int,
                                                  read: Int, cutoff: Date? = nil) -> Bool
        where S.Element == CachedEntry {
        var count = 0
        var oldest = Date.distantFuture
        for head in heads {
            count += 1
            oldest = min(oldest, head.entry.published ?? head.firstSeen)
        }
        guard count >= read else { return true }
        if let cutoff, oldest < cutoff { return true }
        // A backlog entry sorts after every other: heads left out may still come before it.
        guard river.count >= limit, let last = river.last, !last.backlog else { return false }
        return last.date > oldest
    }
}
