import FeedParser
import Foundation

extension FeedCache {
    /// The heads of `feedURLs` dated no later than `notAfter` (published, else first seen: the
    /// order of `entryHeads(feedURLs:newest:)`) that could be another copy of one of `heads`: the
    /// same id, or a link with the same coarse key (``coarseLinkKey(_:)``: host and path; scheme,
    /// `www.`, port, query, fragment and case ignored, so this is a superset of the copies the
    /// river deduplicates, and the river decides). The heads
    /// themselves are among the rows returned when they are old enough; callers skip them.
    ///
    /// Lets a build that chose its river from the newest heads find out, in one pass over the
    /// covering index `entry_feed_head` inside SQLite (no row leaves it unless it matches), whether
    /// an older head left out shares a post with the ones it read (`River.prefixSuffices`).
    /// - Parameters:
    ///   - heads: the heads read (`entryHeads(feedURLs:newest:)`).
    ///   - notAfter: the sort date of the oldest head read.
    /// - Throws: `CacheError.Reason.sqlite`, `.invalidData`.
    public func olderCopies(of heads: [CachedEntry], feedURLs: [String], notAfter: Date) throws(CacheError) -> [CachedEntry] {
        guard !heads.isEmpty else { return [] }
        let urls = try rows.json(feedURLs)
        let ids = try rows.json(heads.map(\.entry.id))
        let links = try rows.json(heads.compactMap { $0.entry.link.map(Self.coarseLinkKey) })
        return try sql { () throws(SQLiteError) in
            try db.statement(Self.selectOlderCopies)
                .bind([.text(urls), .real(notAfter.timeIntervalSince1970), .text(ids), .text(links)]).rows { row in
                    CachedEntry(feedURL: row.text(0) ?? "",
                                entry: Entry(id: row.text(1) ?? "", link: row.text(4), published: row.date(3)),
                                firstSeen: row.date(2) ?? Date(timeIntervalSince1970: 0), inDocument: row.int(5) != 0)
                }
        }
    }

    /// The path of the link in column `link`: what follows the authority (after `://`, from the
    /// first `/` before any `?` or `#`), up to the query or fragment, trailing `/` trimmed; the
    /// whole link cut the same way when it has no `://`. Equal `DuplicateLink` keys have equal
    /// paths (the key keeps the percent-encoded path as written, less trailing slashes).
    /// The coarse key of `link`, as schema v7's generated column `link_key` computes it
    /// (SQLite's `lower` folds ASCII letters only, and so does this).
    static func coarseLinkKey(_ link: String) -> String {
        var rest = String(String.UnicodeScalarView(link.unicodeScalars.map { scalar in
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
        if let scheme = rest.range(of: "://") { rest = String(rest[scheme.upperBound...]) }
        if let hash = rest.firstIndex(of: "#") { rest = String(rest[..<hash]) }
        if let question = rest.firstIndex(of: "?") { rest = String(rest[..<question]) }
        var authority = rest
        var path = ""
        if let slash = rest.firstIndex(of: "/") {
            authority = String(rest[..<slash])
            path = String(rest[slash...])
        }
        if authority.hasPrefix("www.") { authority.removeFirst(4) }
        if !authority.hasPrefix("["), let colon = authority.firstIndex(of: ":") { authority = String(authority[..<colon]) }
        while path.hasSuffix("/") { path.removeLast() }
        return authority + path
    }

    /// Two indexed lookups (schema v7: `entry_by_id`, `entry_by_link_key`), not a pass over
    /// every row: ?1 JSON array of feed URLs, ?2 the newest sort date (Unix seconds), ?3 JSON
    /// array of ids, ?4 JSON array of coarse link keys. `+feed_url` keeps the feed test a filter:
    /// as an index constraint it made every id meet every feed URL (440 ids x 1,000 feeds).
    static let selectOlderCopies = """
        SELECT feed_url, id, first_seen, published, link, in_document FROM entry INDEXED BY entry_by_id
        WHERE id IN (SELECT value FROM json_each(?3))
          AND +feed_url IN (SELECT value FROM json_each(?1)) AND coalesce(published, first_seen) <= ?2
        UNION
        SELECT feed_url, id, first_seen, published, link, in_document FROM entry INDEXED BY entry_by_link_key
        WHERE link_key IN (SELECT value FROM json_each(?4)) AND link_key IS NOT NULL
          AND +feed_url IN (SELECT value FROM json_each(?1)) AND coalesce(published, first_seen) <= ?2
        """
}
