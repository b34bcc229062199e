import Foundation

extension FeedCache {
    /// Hides the entries whose id or link is `value` from the page and the planet's feeds
    /// (`planet hide`), from the next build on; the entries stay in the cache.
    /// - Returns: false when `value` was already hidden.
    /// - Throws: `CacheError.Reason.sqlite`.
    @discardableResult
    public func hide(_ value: String, now: Date) throws(CacheError) -> Bool {
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
    public func unhide(_ value: String) throws(CacheError) -> Bool {
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
    public func hidden() throws(CacheError) -> [(value: String, hiddenAt: Date)] {
        guard try hasTable("hidden") else { return [] }
        return try sql { () throws(SQLiteError) in
            try db.statement("SELECT value, hidden_at FROM hidden ORDER BY hidden_at, value")
                .rows { ($0.text(0) ?? "", $0.date(1) ?? Date(timeIntervalSince1970: 0)) }
        }
    }
}
