import FeedParser
import Foundation
import PlanetCache

/// Merges the entries of every feed into one river: newest first, each post once, cut to a page.
package enum River {
    /// Builds the river.
    ///
    /// - Sort date: `published`, else the first-seen time (README, Running from cron: an entry whose `updated`
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
    ///   already shown, so no feed can rewrite another's posts; except the author's copy of the
    ///   same link (an aggregator that reuses the author's guid was read first). Of copies sharing a link, the
    ///   author's is kept (the feed whose site host is the link's host), else the one seen first.
    ///   Entries of one feed with distinct ids and one link, all in its latest document, are
    ///   distinct posts and all stay; a feed with `allow_duplicates` is never compared by link
    ///   (`SharedLinkRule`).
    ///   Copies first seen at the same time (in one build: a new planet, a lost cache, two feeds
    ///   added together) go to the author's, then to the feed listed first; never to the newer,
    ///   which a copy dated a second later would otherwise be.
    /// - Parameters:
    ///   - candidates: entries of all feeds, feed by feed in feeds.txt order (the order breaks
    ///     ties of first-seen time between feeds).
    ///   - now: the build time.
    ///   - limit: entries kept (setting `items_per_page`); 0 or less keeps none.
    /// - Returns: at most `limit` entries, newest first.
    package static func build(_ candidates: [RiverCandidate], now: Date, limit: Int) -> [RiverEntry] {
        build(candidates, now: now, page: RiverPage(limit: limit))
    }

    /// Builds the river as `build(_:now:limit:)` does, within the fairness rules of `page`
    /// (per-feed caps, days per page; see `RiverPage`), applied to the deduplicated entries in
    /// river order. Backlog entries (`new_feed_items`) are left out before duplicates are
    /// resolved, as Planet Venus and Planet 2.x hide them (a copy of the post in another feed
    /// may then stay).
    package static func build(_ candidates: [RiverCandidate], now: Date, page: RiverPage) -> [RiverEntry] {
        pages(candidates, now: now, page: page, archivePages: 0)[0]
    }

    /// The river as `build(_:now:page:)` makes it, then up to `archivePages` pages of older
    /// entries (`page/2.html` …), each as a page of its own under the same rules.
    ///
    /// The entries are deduplicated once, over all of them, so a post is on one page only. Each
    /// page takes, in river order from where the page before it ended (its last entry), the
    /// entries its own tally admits: at most `limit`, at most its cap of each feed
    /// (`items_per_feed`), never a backlog entry. An entry a page's tally passed over (a feed past
    /// its cap) is on no page: it is newer than that page's last entry, so a later page showing it
    /// would go back up in time. Fairness decides what is shown, never the order: walking the pages,
    /// dates never rise (docs/ARCHITECTURE.md, rule 4). `daysPerPage` shapes the index only: the
    /// archive pages are what lies beyond it. A page that would be empty is not made, so there are
    /// only as many archive pages as the cache holds entries for.
    /// - Returns: the index's entries (maybe none), then each archive page's (never empty).
    package static func pages(
        _ candidates: [RiverCandidate], now: Date, page: RiverPage,
        archivePages: Int
    ) -> [[RiverEntry]] {
        let kept = uniqueByLink(uniqueByID(ranked(candidates, now: now)))
        return paginate(kept.sorted(by: isBefore), page: page, now: now, archivePages: archivePages)
    }

    /// An entry with what decides which copy of a post stays.
    private struct Ranked {
        var entry: RiverEntry
        var firstSeen: Date
        /// `isAuthorCopy(entry)`.
        var author: Bool
        /// The place of the entry's feed in feeds.txt order.
        var feed: Int
    }

    /// The entries that are not backlog, dated (rule 3), in order of which copy of a post stays:
    /// first seen first; copies first seen together (one build) go to the author's, then to the
    /// feed first in feeds.txt, never to the newer (docs/ARCHITECTURE.md, rule 5); within one
    /// feed, the river's own order.
    private static func ranked(_ candidates: [RiverCandidate], now: Date) -> [Ranked] {
        var feedOrder: [String: Int] = [:]
        for candidate in candidates where feedOrder[candidate.source.feedURL] == nil {
            feedOrder[candidate.source.feedURL] = feedOrder.count
        }
        return candidates.filter { !$0.backlog }.map { candidate in
            let raw = candidate.entry.published.flatMap { $0 > now ? nil : $0 } ?? candidate.firstSeen
            var item = RiverEntry(
                entry: candidate.entry, source: candidate.source, date: min(raw, now),
                backlog: candidate.backlog)
            item.position = candidate.position
            item.inDocument = candidate.inDocument
            return Ranked(
                entry: item, firstSeen: candidate.firstSeen, author: isAuthorCopy(item),
                feed: feedOrder[candidate.source.feedURL] ?? 0)
        }.sorted { a, b in
            if a.firstSeen != b.firstSeen { return a.firstSeen < b.firstSeen }
            if a.author != b.author { return a.author }
            if a.feed != b.feed { return a.feed < b.feed }
            return isBefore(a.entry, b.entry)
        }
    }

    /// One entry per id (`EntryIdentity.riverKey`), in `ranked`'s order: the first of each id,
    /// unless a later copy is the author's (`isAuthorCopy`) and the first is not, and their links
    /// are one (`DuplicateLink.key`): an aggregator that republishes a post under the author's
    /// guid, its link with tracking parameters, and was read first. A copy with another link
    /// never replaces the first, so no feed can rewrite another's post by reusing its guid.
    private static func uniqueByID(_ ranked: [Ranked]) -> [RiverEntry] {
        var slots: [EntryIdentity.RiverKey: Int] = [:]
        var unique: [Ranked] = []
        unique.reserveCapacity(ranked.count)
        for item in ranked {
            let key = EntryIdentity.riverKey(item.entry.entry.id, feedURL: item.entry.source.feedURL)
            guard let slot = slots[key] else {
                slots[key] = unique.count
                unique.append(item)
                continue
            }
            if item.author, !unique[slot].author, sharesLink(item.entry, unique[slot].entry) { unique[slot] = item }
        }
        return unique.map(\.entry)
    }

    /// True when both entries have a link and the links are one post's (`DuplicateLink.key`).
    private static func sharesLink(_ a: RiverEntry, _ b: RiverEntry) -> Bool {
        guard let first = a.entry.link, let second = b.entry.link, !first.isEmpty, !second.isEmpty else {
            return false
        }
        return (DuplicateLink.key(first) ?? first) == (DuplicateLink.key(second) ?? second)
    }

    /// Of copies sharing a link, the author's first, then `unique`'s order (of preference
    /// already), as `SharedLinkRule` keeps them.
    private static func uniqueByLink(_ unique: [RiverEntry]) -> [RiverEntry] {
        let byLink = unique.enumerated().sorted { a, b in
            let authorA = isAuthorCopy(a.element)
            let authorB = isAuthorCopy(b.element)
            return authorA != authorB ? authorA : a.offset < b.offset
        }
        var sharedLinks = SharedLinkRule()
        var kept: [RiverEntry] = []
        kept.reserveCapacity(unique.count)
        for (_, item) in byLink where sharedLinks.keeps(item, inDocument: item.inDocument) {
            kept.append(item)
        }
        return kept
    }

    /// The pages of `entries` (in river order): the index within `page`'s rules, then up to
    /// `archivePages` pages without its `daysPerPage`, each from where the one before it ended,
    /// none of them empty.
    private static func paginate(_ entries: [RiverEntry], page: RiverPage, now: Date, archivePages: Int)
        -> [[RiverEntry]]
    {
        var remaining = entries
        var pages: [[RiverEntry]] = []
        var archivePage = page
        archivePage.daysPerPage = nil
        for number in 0...max(0, archivePages) {
            let (taken, left) = fill(
                remaining, page: number == 0 ? page : archivePage, now: now,
                keepingRest: number < archivePages)
            if number > 0 && taken.isEmpty { break }
            pages.append(taken)
            remaining = left
        }
        return pages
    }

    /// One page from `entries` (in river order): those it admits, up to its limit, and (when
    /// `keepingRest`, for the pages after it) the entries after the last one it took (all of
    /// them when it took none). An entry passed over before that one is on no page, so no later
    /// page goes back up in time; entries too old for the page (`daysPerPage`) all come after
    /// the last one it took, since the order is by date.
    private static func fill(_ entries: [RiverEntry], page: RiverPage, now: Date, keepingRest: Bool)
        -> (taken: [RiverEntry], left: [RiverEntry])
    {
        var fairness = RiverPage.Tally(page, now: now)
        var taken: [RiverEntry] = []
        var end = entries.startIndex
        for (index, item) in entries.enumerated() {
            guard taken.count < page.limit else { break }
            if fairness.admits(item) {
                fairness.count(item)
                taken.append(item)
                end = index + 1
            }
        }
        return (taken, keepingRest ? Array(entries[end...]) : [])
    }

    /// True when the entry's link is on its feed's own site (same host, `www.` aside); for a feed
    /// that names no site, on the feed's own host (`https://blog.example.org/feed`).
    static func isAuthorCopy(_ item: RiverEntry) -> Bool {
        guard let link = item.entry.link, let host = DuplicateLink.host(link) else { return false }
        return DuplicateLink.host(item.source.siteLink ?? item.source.feedURL) == host
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
    /// True when fewer than `read` heads exist (none was left out); or when the river is full,
    /// its last entry sorts before every head left out, and no head left out is another copy of a
    /// head read. A head's river date is never later than the date it was read by (published, else
    /// first seen; clamping only lowers it), and the heads were read in that order, then by feed
    /// URL, place in the document and id, as the river breaks ties. So a head left out sorts after
    /// the page when the page's last entry is strictly newer than the oldest head read, or equally
    /// old and, by feed URL, position then id, not after the last head read of that date (the ones
    /// left out of that date come after it): a feed of 300,000 undated entries, all first seen at
    /// once, needs no read of all its heads. Such a head cannot enter the page; and since it shares
    /// neither id nor link with a head read, it cannot change which copy of theirs is kept either
    /// (without that last condition it could: the copy seen first stays, and an older copy may have
    /// been seen first).
    /// - Parameters:
    ///   - heads: the heads read.
    ///   - olderCopies: heads no newer than the oldest head read that may share a post with one
    ///     (`FeedCache.olderCopies(of:feedURLs:notAfter:)`: any superset of the copies will do;
    ///     heads among them are skipped). Only consulted when the dates pass.
    ///   - cutoff: the oldest date on the page (`RiverPage.daysPerPage`), nil for none: when the
    ///     oldest head read is older, every head left out is too old for the page, so it suffices.
    /// - Throws: what `olderCopies` throws.
    package static func prefixSuffices<S: Sequence, E: Error>(
        _ heads: S, river: [RiverEntry], limit: Int, read: Int, cutoff: Date? = nil,
        olderCopies: () async throws(E) -> [CachedEntry]
    ) async throws(E) -> Bool where S.Element == CachedEntry {
        var count = 0
        var oldest = Date.distantFuture
        var lastOfOldest: (feedURL: String, position: Int, id: String)?
        for head in heads {
            count += 1
            let date = head.entry.published ?? head.firstSeen
            let key = (feedURL: head.feedURL, position: head.position, id: head.entry.id)
            if date < oldest {
                oldest = date
                lastOfOldest = key
            } else if date == oldest, let known = lastOfOldest, known < key {
                lastOfOldest = key
            }
        }
        guard count >= read else { return true }
        if let cutoff, oldest < cutoff { return true }
        guard river.count >= limit, let last = river.last, !last.backlog else { return false }
        let sortsBeforeLeftOut: Bool
        if last.date > oldest {
            sortsBeforeLeftOut = true
        } else if last.date == oldest, let boundary = lastOfOldest {
            sortsBeforeLeftOut = (last.source.feedURL, last.position, last.entry.id) <= boundary
        } else {
            sortsBeforeLeftOut = false
        }
        guard sortsBeforeLeftOut else { return false }
        return !sharesAPost(heads, with: try await olderCopies())
    }

    /// The sort date (published, else first seen) of the oldest of `heads`; nil for none: the
    /// bound of the older copies `prefixSuffices` needs.
    package static func oldestSortDate<S: Sequence>(_ heads: S) -> Date? where S.Element == CachedEntry {
        heads.lazy.map { $0.entry.published ?? $0.firstSeen }.min()
    }

    /// True when an entry of `others` that is not one of `heads` has a head's id (as the river
    /// compares ids: `EntryIdentity.riverKey`) or its link (`DuplicateLink.key`).
    static func sharesAPost<S: Sequence>(_ heads: S, with others: [CachedEntry]) -> Bool
    where S.Element == CachedEntry {
        guard !others.isEmpty else { return false }
        var rows = Set<EntryKey>()
        var ids = Set<EntryIdentity.RiverKey>()
        var links = Set<String>()
        for head in heads {
            rows.insert(head.key)
            ids.insert(EntryIdentity.riverKey(head.entry.id, feedURL: head.feedURL))
            if let link = head.entry.link, !link.isEmpty { links.insert(DuplicateLink.key(link) ?? link) }
        }
        return others.contains { other in
            guard !rows.contains(other.key) else { return false }
            if ids.contains(EntryIdentity.riverKey(other.entry.id, feedURL: other.feedURL)) { return true }
            guard let link = other.entry.link, !link.isEmpty else { return false }
            return links.contains(DuplicateLink.key(link) ?? link)
        }
    }
}
