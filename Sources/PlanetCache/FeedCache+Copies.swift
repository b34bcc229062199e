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
    package func olderCopies(of heads: [CachedEntry], feedURLs: [String], notAfter: Date) throws(CacheError)
        -> [CachedEntry]
    {
        guard !heads.isEmpty else { return [] }
        let urls = try rows.json(feedURLs)
        let ids = try rows.json(heads.map(\.entry.id))
        let links = try rows.json(heads.compactMap { $0.entry.link.map(Self.coarseLinkKey) })
        return try sql { () throws(SQLiteError) in
            try db.statement(Self.selectOlderCopies)
                .bind([.text(urls), .real(notAfter.timeIntervalSince1970), .text(ids), .text(links)]).rows { row in
                    CachedEntry(
                        feedURL: row.text(0) ?? "",
                        entry: Entry(id: row.text(1) ?? "", link: row.text(4), published: row.date(3)),
                        firstSeen: row.date(2) ?? Date(timeIntervalSince1970: 0), inDocument: row.int(5) != 0)
                }
        }
    }

    /// The coarse key of `link`, stored in `entry.link_key` (schema v8; v7 computed the same in
    /// generated columns): host and path, with ASCII letters lower-cased (only those, as SQLite's
    /// `lower` folds), without what precedes the first `://`, without the fragment (from the
    /// first `#`), the query (from the first `?`), a leading `www.`, the port (from the first `:` of
    /// a host not in brackets) and trailing `/`s. A link without `://` is cut the same way as a
    /// whole. Equal `DuplicateLink` keys have equal coarse keys (the path stays as written).
    ///
    /// Works on UTF-8 bytes: every delimiter is ASCII, and no byte of a multi-byte sequence is.
    static func coarseLinkKey(_ link: String) -> String {
        var bytes = Array(link.utf8)
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A { bytes[index] |= 0x20 }
        var rest = bytes[...]
        // "://", "#", "?"
        if let scheme = Self.firstRange(of: [0x3A, 0x2F, 0x2F], in: rest) { rest = rest[scheme.upperBound...] }
        if let hash = rest.firstIndex(of: 0x23) { rest = rest[..<hash] }
        if let question = rest.firstIndex(of: 0x3F) { rest = rest[..<question] }
        var authority = rest
        var path = rest[rest.endIndex...]
        if let slash = rest.firstIndex(of: 0x2F) {
            authority = rest[..<slash]
            path = rest[slash...]
        }
        if authority.starts(with: [0x77, 0x77, 0x77, 0x2E]) { authority = authority.dropFirst(4) }  // "www."
        if authority.first != 0x5B, let colon = authority.firstIndex(of: 0x3A) { authority = authority[..<colon] }
        while path.last == 0x2F { path = path.dropLast() }
        return String(decoding: authority + path, as: UTF8.self)
    }

    /// The first occurrence of `needle` in `bytes`.
    private static func firstRange(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard bytes.count >= needle.count else { return nil }
        var start = bytes.startIndex
        while start + needle.count <= bytes.endIndex {
            if bytes[start] == needle[0], bytes[start..<(start + needle.count)].elementsEqual(needle) {
                return start..<(start + needle.count)
            }
            start += 1
        }
        return nil
    }

    /// Two indexed lookups (schema v7, v8: `entry_by_id`, `entry_by_link_key`), not a pass over
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
