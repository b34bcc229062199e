import FeedParser
import Foundation

extension FeedCache {
    /// Hides the entries whose id or link is `value` from the page and the planet's feeds
    /// (`planet hide`), from the next build on; the entries stay in the cache.
    /// - Returns: false when `value` was already hidden.
    /// - Throws: `CacheError.Reason.sqlite`.
    @discardableResult
    package func hide(_ value: String, now: Date) throws(CacheError) -> Bool {
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                let before = db.totalChanges
                try db.statement("INSERT INTO hidden (value, hidden_at) VALUES (?1, ?2) ON CONFLICT (value) DO NOTHING")
                    .bind([.text(value), .date(now)]).run()
                guard db.totalChanges > before else { return false }
                try bumpContentVersion()
                return true
            }
        }
    }

    /// Shows again the entries hidden with `value` (`planet unhide`).
    /// - Returns: false when `value` was not hidden.
    /// - Throws: `CacheError.Reason.sqlite`.
    @discardableResult
    package func unhide(_ value: String) throws(CacheError) -> Bool {
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                let before = db.totalChanges
                try db.statement("DELETE FROM hidden WHERE value = ?1").bind([.text(value)]).run()
                guard db.totalChanges > before else { return false }
                try bumpContentVersion()
                return true
            }
        }
    }

    /// Every hidden id or link with when it was hidden, in the order they were hidden; none in a
    /// cache of a schema before v5 (opened with `init(readingOnly:)`), which has no such table.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func hidden() throws(CacheError) -> [(value: String, hiddenAt: Date)] {
        guard try hasTable("hidden") else { return [] }
        return try sql { () throws(SQLiteError) in
            try db.statement("SELECT value, hidden_at FROM hidden ORDER BY hidden_at, value")
                .rows { ($0.text(0) ?? "", $0.date(1) ?? Date(timeIntervalSince1970: 0)) }
        }
    }

    /// The cached entries that hiding `value` would hide, as the build matches hidden values:
    /// those whose id (as their feed gives it) or link is exactly `value`; at most `limit`, each
    /// with its feed URL, id, title and link only. Two indexed lookups (`entry_by_id`,
    /// `entry_by_link_key`), no pass over the entries.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func entries(withIDOrLink value: String, limit: Int = 5) throws(CacheError) -> [CachedEntry] {
        try sql { () throws(SQLiteError) in
            try db.statement(
                """
                SELECT feed_url, id, title, link FROM entry WHERE id = ?1
                UNION SELECT feed_url, id, title, link FROM entry WHERE link_key = ?2 AND link = ?1
                ORDER BY feed_url, id LIMIT ?3
                """
            ).bind([.text(value), .text(Self.coarseLinkKey(value)), .integer(Int64(limit))]).rows { row in
                CachedEntry(
                    feedURL: row.text(0) ?? "",
                    entry: Entry(id: row.text(1) ?? "", title: row.text(2), link: row.text(3)),
                    firstSeen: Date(timeIntervalSince1970: 0))
            }
        }
    }

    /// Links of cached entries that differ from `value` only where `coarseLinkKey` does not look
    /// (scheme, `www.`, port, query, fragment, case, trailing `/`): what `planet hide` suggests
    /// for a link that matches no entry exactly. At most `limit`, sorted.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func links(near value: String, limit: Int = 3) throws(CacheError) -> [String] {
        try sql { () throws(SQLiteError) in
            try db.statement(
                "SELECT DISTINCT link FROM entry WHERE link_key = ?1 AND link <> ?2 ORDER BY link LIMIT ?3"
            ).bind([.text(Self.coarseLinkKey(value)), .text(value), .integer(Int64(limit))]).rows { $0.text(0) ?? "" }
        }
    }
}
