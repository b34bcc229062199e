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
    /// ``selectOlderCopies``'s coarse key of `link`, computed the same way in Swift.
    static func coarseLinkKey(_ link: String) -> String {
        var rest = link.lowercased()
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

    /// The coarse key of a link in SQL: host and path, lower-cased, without scheme, `www.`,
    /// port, query, fragment and trailing slashes. Links that `DuplicateLink.key` calls equal
    /// always have equal coarse keys (it keeps the path's case and non-tracking query
    /// parameters), so matching on it finds every copy, and a few more that the river's exact
    /// test then sets aside. Each step is one column of a materialized CTE, so every row's key
    /// is computed once (written as one nested expression, each step repeated its inner ones).
    static let selectOlderCopies = """
        WITH
        candidate AS MATERIALIZED (
            SELECT feed_url, id, first_seen, published, link, in_document,
                   lower(CASE WHEN instr(link, '://') > 0 THEN substr(link, instr(link, '://') + 3) ELSE link END) AS rest
            FROM entry INDEXED BY entry_feed_head
            WHERE feed_url IN (SELECT value FROM json_each(?1)) AND coalesce(published, first_seen) <= ?2),
        unfragmented AS MATERIALIZED (
            SELECT *, substr(rest, 1, instr(rest || '#', '#') - 1) AS noFragment FROM candidate),
        unqueried AS MATERIALIZED (
            SELECT *, substr(noFragment, 1, instr(noFragment || '?', '?') - 1) AS noQuery FROM unfragmented),
        split AS MATERIALIZED (
            SELECT *, CASE WHEN instr(noQuery, '/') > 0 THEN substr(noQuery, 1, instr(noQuery, '/') - 1) ELSE noQuery END AS authority,
                   CASE WHEN instr(noQuery, '/') > 0 THEN substr(noQuery, instr(noQuery, '/')) ELSE '' END AS path
            FROM unqueried),
        keyed AS MATERIALIZED (
            SELECT *, CASE WHEN substr(authority, 1, 4) = 'www.' THEN substr(authority, 5) ELSE authority END
                AS hostPort FROM split),
        coarse AS MATERIALIZED (
            SELECT *, (CASE WHEN instr(hostPort, ':') > 0 AND substr(hostPort, 1, 1) <> '['
                            THEN substr(hostPort, 1, instr(hostPort, ':') - 1) ELSE hostPort END)
                      || rtrim(path, '/') AS linkKey FROM keyed)
        SELECT feed_url, id, first_seen, published, link, in_document FROM coarse
        WHERE id IN (SELECT value FROM json_each(?3))
           OR (link IS NOT NULL AND linkKey IN (SELECT value FROM json_each(?4)))
        """
}
