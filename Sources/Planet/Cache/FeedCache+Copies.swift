import FeedParser
import Foundation

extension FeedCache {
    /// The heads of `feedURLs` dated no later than `notAfter` (published, else first seen: the
    /// order of `entryHeads(feedURLs:newest:)`) that could be another copy of one of `heads`: the
    /// same id, or a link with the same path (the part of a link that `DuplicateLink` keeps as
    /// written, trailing `/` aside; scheme, user, host, port, query and fragment are ignored, so
    /// this is a superset of the copies the river deduplicates, and the river decides). The heads
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
        let links = try rows.json(heads.compactMap(\.entry.link))
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
    private static func linkPath(_ link: String) -> String {
        let rest = "substr(\(link), instr(\(link), '://') + 3 * (instr(\(link), '://') > 0))"
        let noFragment = "substr(\(rest), 1, instr(\(rest) || '#', '#') - 1)"
        let noQuery = "substr(\(noFragment), 1, instr(\(noFragment) || '?', '?') - 1)"
        let path = "CASE WHEN instr(\(link), '://') > 0 THEN (CASE WHEN instr(\(noQuery), '/') > 0 "
            + "THEN substr(\(noQuery), instr(\(noQuery), '/')) ELSE '' END) ELSE \(noQuery) END"
        return "rtrim(\(path), '/')"
    }

    /// ?1 JSON array of feed URLs, ?2 the latest sort date (Unix seconds), ?3 JSON array of ids,
    /// ?4 JSON array of links.
    static let selectOlderCopies = """
        SELECT feed_url, id, first_seen, published, link, in_document FROM entry INDEXED BY entry_feed_head
        WHERE feed_url IN (SELECT value FROM json_each(?1)) AND coalesce(published, first_seen) <= ?2
          AND (id IN (SELECT value FROM json_each(?3))
               OR (link IS NOT NULL AND \(linkPath("link")) IN (SELECT \(linkPath("value")) FROM json_each(?4))))
        """
}
