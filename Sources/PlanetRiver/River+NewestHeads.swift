import Foundation
import PlanetCache

extension River {
    /// Entry heads read first for pages of `limit` entries in all: four times that, and at least
    /// 200 more (a page of 60 is chosen from the newest 400).
    package static func firstRead(limit: Int) -> Int { max(4 * limit, limit + 200) }

    /// How many entries `pages` pages of `perPage` show at most, saturated at 2^40 so that the
    /// head limits computed from it (`4 * limit`) cannot overflow, whatever feeds.txt asks for.
    package static func entriesShown(perPage: Int, pages: Int) -> Int {
        let cap = 1 << 40
        let (product, overflow) = min(max(0, perPage), cap).multipliedReportingOverflow(by: min(max(1, pages), cap))
        return overflow ? cap : min(product, cap)
    }

    /// The index and up to `archivePages` archive pages (`pages(_:now:page:archivePages:)`)
    /// from the newest entry heads only, reading more of them while the newest could give other
    /// pages than all of them would.
    ///
    /// The pages are chosen from the newest heads (`firstRead(limit:)` of every entry they can
    /// show, `entriesShown`), not from every entry the cache keeps (Benchmarks/PERF.md). When that
    /// prefix could differ from the pages over all heads (`prefixSuffices`, asked about every
    /// page's entries in river order: duplicates, future dates, an older copy of a post read,
    /// which `olderCopies` finds in one indexed pass), four times as many are read (many entries
    /// of one timestamp, e.g. a batch of feeds changed at once, need a longer prefix), then all
    /// of them once past 100,000. `daysPerPage` ends the prefix early only without archive pages
    /// (it shapes the index alone).
    /// - Parameters:
    ///   - page: the fairness rules and the length of each page.
    ///   - archivePages: archive pages after the index; 0 for the index alone.
    ///   - now: the build time.
    ///   - heads: the newest `newest` heads of every feed of the pages (nil: all of them), by
    ///     published, else first seen (`FeedCache.entryHeads(feedURLs:newest:)`).
    ///   - olderCopies: heads no newer than `notAfter` that may be other copies of a post of
    ///     `heads` (`FeedCache.olderCopies(of:feedURLs:notAfter:)`).
    ///   - candidates: the river's candidates made of the heads read (the build gives each its
    ///     feed's source and leaves out the entries filtered or hidden).
    /// - Returns: the index's entries (maybe none), then each archive page's (never empty), as
    ///   heads (summary and content as the heads hold them).
    /// - Throws: what `heads` or `olderCopies` throw.
    package static func pages<E: Error>(
        page: RiverPage, archivePages: Int, now: Date,
        heads: (_ newest: Int?) async throws(E) -> [CachedEntry],
        olderCopies: (_ heads: [CachedEntry], _ notAfter: Date) async throws(E) -> [CachedEntry],
        candidates: ([CachedEntry]) -> [RiverCandidate]
    ) async throws(E) -> [[RiverEntry]] {
        let limit = entriesShown(perPage: page.limit, pages: archivePages + 1)
        var read: Int? = firstRead(limit: limit)
        var readHeads = try await heads(read)
        var pages = pages(candidates(readHeads), now: now, page: page, archivePages: archivePages)
        while let count = read,
            try await !prefixSuffices(
                readHeads, river: placed(pages), limit: allFull(pages, archivePages, page) ? 0 : limit, read: count,
                cutoff: archivePages == 0 ? page.cutoff(now: now) : nil,
                olderCopies: { () throws(E) in
                    guard let oldest = oldestSortDate(readHeads) else { return [] }
                    return try await olderCopies(readHeads, oldest)
                })
        {
            read = count < 100_000 ? count * 4 : nil
            readHeads = try await heads(read)
            pages = Self.pages(candidates(readHeads), now: now, page: page, archivePages: archivePages)
        }
        return pages
    }

    /// Every page's entries in river order (the pages' own order: their dates never rise), for
    /// `prefixSuffices`: its last entry is the last one placed.
    static func placed(_ pages: [[RiverEntry]]) -> [RiverEntry] {
        pages.count == 1 ? pages[0] : Array(pages.joined())
    }

    /// True when the index and all `archivePages` pages are made and the last is full: then no
    /// entry after the last one placed can change a page, though the pages may hold fewer than
    /// `entriesShown` in all (an entry a page's cap passed over is on no page).
    static func allFull(_ pages: [[RiverEntry]], _ archivePages: Int, _ page: RiverPage) -> Bool {
        pages.count == archivePages + 1 && (pages.last?.count ?? 0) >= page.limit && page.limit > 0
    }
}
