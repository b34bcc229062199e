import Foundation
import PlanetCache

extension River {
    /// Entry heads read first for a page of `limit` entries: four times the page, and at least
    /// 200 more than it (a page of 60 is chosen from the newest 400).
    public static func firstRead(limit: Int) -> Int { max(4 * limit, limit + 200) }

    /// Builds the river of `page` from the newest entry heads only, reading more of them while
    /// the newest could give another page than all of them would.
    ///
    /// A page of 60 is chosen from the newest 400 heads (`firstRead(limit:)`), not from every
    /// entry the cache keeps (Benchmarks/PERF.md). When that prefix could differ from the river
    /// over all heads (`prefixSuffices`: duplicates, future dates, an older copy of a post read,
    /// which `olderCopies` finds in one indexed pass), four times as many are read (many entries
    /// of one timestamp, e.g. a batch of feeds changed at once, need a longer prefix), then all
    /// of them once past 100,000.
    /// - Parameters:
    ///   - page: the fairness rules and the page's length.
    ///   - now: the build time.
    ///   - heads: the newest `newest` heads of every feed of the page (nil: all of them), by
    ///     published, else first seen (`FeedCache.entryHeads(feedURLs:newest:)`).
    ///   - olderCopies: heads no newer than `notAfter` that may be other copies of a post of
    ///     `heads` (`FeedCache.olderCopies(of:feedURLs:notAfter:)`).
    ///   - candidates: the river's candidates made of the heads read (the build gives each its
    ///     feed's source and leaves out the entries filtered or hidden).
    /// - Returns: the river of heads (summary and content as the heads hold them), newest first.
    /// - Throws: what `heads` or `olderCopies` throw.
    public static func build<E: Error>(
        page: RiverPage, now: Date,
        heads: (_ newest: Int?) async throws(E) -> [CachedEntry],
        olderCopies: (_ heads: [CachedEntry], _ notAfter: Date) async throws(E) -> [CachedEntry],
        candidates: ([CachedEntry]) -> [RiverCandidate]
    ) async throws(E) -> [RiverEntry] {
        var read: Int? = firstRead(limit: page.limit)
        var readHeads = try await heads(read)
        var river = build(candidates(readHeads), now: now, page: page)
        while let count = read, try await !prefixSuffices(
            readHeads, river: river, limit: page.limit, read: count, cutoff: page.cutoff(now: now),
            olderCopies: { () throws(E) in
                guard let oldest = oldestSortDate(readHeads) else { return [] }
                return try await olderCopies(readHeads, oldest)
            }) {
            read = count < 100_000 ? count * 4 : nil
            readHeads = try await heads(read)
            river = build(candidates(readHeads), now: now, page: page)
        }
        return river
    }
}
