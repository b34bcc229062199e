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
    /// - Duplicates: the same post appears once. Copies share an id (an id that is not an absolute
    ///   IRI, an RSS guid such as "1", counts within its own feed only: `EntryIdentity`), or a
    ///   link once normalised (`DuplicateLink`: scheme, host case, default port, trailing slash,
    ///   tracking parameters, fragment). Of copies sharing an id, the one planet saw first is kept:
    ///   a later copy from another feed (a guid reused with a newer date) never replaces a post
    ///   already shown, so no feed can rewrite another's posts. Of copies sharing a link, the
    ///   author's is kept (the feed whose site host is the link's host), else the one seen first.
    ///   Equal first-seen times fall back to the order below (the newest copy is kept).
    /// - Parameters:
    ///   - candidates: entries of all feeds, any order.
    ///   - now: the build time.
    ///   - limit: entries kept (setting `items_per_page`); 0 or less keeps none.
    /// - Returns: at most `limit` entries, newest first.
    public static func build(_ candidates: [RiverCandidate], now: Date, limit: Int) -> [RiverEntry] {
        let dated = candidates.map { candidate in
            let raw = candidate.entry.published.flatMap { $0 > now ? nil : $0 } ?? candidate.firstSeen
            return (entry: RiverEntry(entry: candidate.entry, source: candidate.source, date: min(raw, now)),
                    firstSeen: candidate.firstSeen)
        }
        // Which copy of a post stays: first seen first, then the river's own order.
        let byPriority = dated.sorted { a, b in
            a.firstSeen != b.firstSeen ? a.firstSeen < b.firstSeen : isBefore(a.entry, b.entry)
        }
        var seenIDs = Set<String>()
        var unique: [RiverEntry] = []
        for item in byPriority
        where seenIDs.insert(EntryIdentity.riverKey(item.entry.entry.id, feedURL: item.entry.source.feedURL)).inserted {
            unique.append(item.entry)
        }
        // Of copies sharing a link, the author's first (unique is in priority order already).
        let byLink = unique.enumerated().sorted { a, b in
            let authorA = isAuthorCopy(a.element), authorB = isAuthorCopy(b.element)
            return authorA != authorB ? authorA : a.offset < b.offset
        }
        var seenLinks = Set<String>()
        var kept: [RiverEntry] = []
        kept.reserveCapacity(unique.count)
        for (_, item) in byLink {
            if let link = item.entry.link, !link.isEmpty {
                guard seenLinks.insert(DuplicateLink.key(link) ?? link).inserted else { continue }
            }
            kept.append(item)
        }
        return Array(kept.sorted(by: isBefore).prefix(max(0, limit)))
    }

    /// True when the entry's link is on its feed's own site (same host, `www.` aside).
    static func isAuthorCopy(_ item: RiverEntry) -> Bool {
        guard let link = item.entry.link, let site = item.source.siteLink,
              let host = DuplicateLink.host(link) else { return false }
        return DuplicateLink.host(site) == host
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
    /// date (the ones left out of that date come after it). Such a head cannot enter the page.
    /// (Nor is it weighed as a copy: an older head left out that shares an id or link with an
    /// entry on the page and was seen before it does not displace that entry, as it would in a
    /// river of all heads; this test cannot see such heads.) Ties are decided from the heads
    /// read: a feed of 300,000 undated entries, all first seen at once, needs no read of all.
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
