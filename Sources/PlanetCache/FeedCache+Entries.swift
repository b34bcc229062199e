import FeedParser
import Foundation

extension FeedCache {
    /// Every cached entry of the given feeds (the current subscriptions), newest first by
    /// `published`, else first seen; ties by feed URL, then entry id, so the order is stable.
    /// Feeds the cache does not know contribute nothing. Summary and content are sanitized HTML
    /// (the cache may hold them raw: `CachedEntry.sanitizing(_:)`), so this reads every entry's
    /// text and sanitizes it — meant for tools and tests, not for a build.
    /// - Parameter feedURLs: subscription URLs as in feeds.txt.
    /// - Throws: `CacheError` `.sqlite`, `.invalidData` (a stored JSON list is damaged).
    package func entries(feedURLs: [String]) async throws(CacheError) -> [CachedEntry] {
        let urls = try rows.json(feedURLs)
        let statement = try sql { () throws(SQLiteError) in
            try db.statement(Self.selectEntries).bind([.text(urls)])
        }
        var result: [CachedEntry] = []
        do {
            defer { statement.reset() }
            while try sql({ () throws(SQLiteError) in try statement.step() }) {
                result.append(try rows.decode(statement))
            }
        }
        return await CachedEntry.sanitizing(result)
    }

    /// What the river sorts and deduplicates by, for every entry of `feedURLs`: each
    /// `CachedEntry.entry` carries only `id`, `link` and `published` (no text, no HTML), so that a planet
    /// of thousands of feeds does not read every entry's content to show a page of them.
    /// Load the chosen entries whole with `entries(keys:)`.
    /// - Parameter newest: when given, only that many heads, newest first by published, else first
    ///   seen (the river's sort date before clamping), ties by feed URL then id; nil for all.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func entryHeads(feedURLs: [String], newest: Int? = nil) throws(CacheError) -> [CachedEntry] {
        let urls = try rows.json(feedURLs)
        return try sql { () throws(SQLiteError) in
            try db.statement(Self.selectHeads).bind([.text(urls), .integer(newest ?? -1)]).rows { row in
                var head = CachedEntry(
                    feedURL: row.text(0) ?? "",
                    entry: Entry(id: row.text(1) ?? "", link: row.text(4), published: row.date(3)),
                    firstSeen: row.date(2) ?? Date(timeIntervalSince1970: 0),
                    inDocument: row.int(5) != 0, backlog: row.int(6) != 0)
                head.position = row.int(7)
                return head
            }
        }
    }

    /// The whole entries named by `keys` (feed URL, entry id), in no particular order; keys the
    /// cache does not hold are skipped. Summary and content are sanitized HTML: the cache holds
    /// them raw (`HTMLSanitizing.deferred`) and they are sanitized here, concurrently, on their
    /// way out (`CachedEntry.sanitizing(_:)`), unless the row keeps a sanitized copy made by the
    /// current `HTMLSanitizer.version` under the same `options` (schema v5; `EntryHTMLOptions.stamp`).
    /// Copies made here are stored for the next build, so an entry is sanitized once per version of
    /// the sanitizer, of the settings that change its output and of its raw HTML.
    /// - Parameter options: what the planet's settings change in entry HTML (`keep_tracking`,
    ///   `min_heading`).
    /// - Throws: `CacheError.Reason.sqlite`, `.invalidData`.
    package func entries(keys: [EntryKey], options: EntryHTMLOptions = .standard) async throws(CacheError)
        -> [CachedEntry]
    {
        var clean: [CachedEntry] = []
        var raw: [CachedEntry] = []
        for key in keys {
            // One primary-key lookup per key, through one prepared statement.
            let statement = try sql { () throws(SQLiteError) in
                try db.statement(Self.selectByKey).bind([.text(key.feedURL), .text(key.id)])
            }
            defer { statement.reset() }
            if try sql({ () throws(SQLiteError) in try statement.step() }) {
                var entry = try rows.decode(statement)
                if statement.optionalInt(17) == options.stamp {
                    entry.entry.summary = statement.text(18)
                    entry.entry.content = statement.text(19)
                    if entry.entry.summary == nil, entry.entry.content == nil { entry.entry.htmlBase = nil }
                    clean.append(entry)
                } else {
                    raw.append(entry)
                }
            }
        }
        let sanitized = await CachedEntry.sanitizing(raw, options: options)
        storeSanitized(sanitized, stamp: options.stamp)
        return clean + sanitized
    }

    /// Keeps the sanitized summary and content of `entries` beside their raw HTML, stamped with
    /// `stamp` (`EntryHTMLOptions.stamp`: the sanitizer's version and the options), in one
    /// transaction. Best effort: the copy only saves work, so a cache that cannot be written now
    /// (busy, read-only, disk full) costs the next build a sanitizing pass and nothing else.
    private func storeSanitized(_ entries: [CachedEntry], stamp: Int) {
        guard !entries.isEmpty else { return }
        try? db.transaction { () throws(SQLiteError) in
            let update = try db.statement(Self.storeClean)
            for cached in entries {
                update.reset()
                try update.bind([
                    .text(cached.entry.summary), .text(cached.entry.content),
                    .integer(stamp), .text(cached.feedURL), .text(cached.entry.id)
                ]).run()
            }
        }
    }

    /// The date of each feed's newest entry (published, else first seen), by feed URL; a feed
    /// without entries is absent. For `activity_threshold`. Read from `entry_feed_head`.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func newestEntryDates() throws(CacheError) -> [String: Date] {
        let pairs = try sql { () throws(SQLiteError) in
            try db.statement("SELECT feed_url, max(coalesce(published, first_seen)) FROM entry GROUP BY feed_url")
                .rows { ($0.text(0) ?? "", $0.date(1) ?? Date(timeIntervalSince1970: 0)) }
        }
        return Dictionary(pairs, uniquingKeysWith: max)
    }

    /// The fields the include / exclude rules look at (`FilterFields`) of every entry of
    /// `feedURLs`, by entry key.
    /// - Parameter withText: read the content (else summary) too, for `text:` rules.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func filterFields(feedURLs: [String], withText: Bool) throws(CacheError) -> [EntryKey: FilterFields] {
        let urls = try rows.json(feedURLs)
        let text = withText ? "coalesce(content, summary)" : "NULL"
        let found = try sql { () throws(SQLiteError) in
            try db.statement(
                """
                SELECT feed_url, id, title, categories, author_name, author_email, \(text) FROM entry
                WHERE feed_url IN (SELECT value FROM json_each(?1))
                """
            ).bind([.text(urls)]).rows { row in
                let categories =
                    (try? JSONDecoder().decode([String].self, from: Data((row.text(3) ?? "[]").utf8))) ?? []
                return (
                    EntryKey(feedURL: row.text(0) ?? "", id: row.text(1) ?? ""),
                    FilterFields(
                        title: row.text(2), categories: categories, authorName: row.text(4),
                        authorEmail: row.text(5), text: row.text(6))
                )
            }
        }
        return Dictionary(found, uniquingKeysWith: { a, _ in a })
    }

    /// How many entries the cache keeps per feed URL (for the status report).
    /// - Throws: `CacheError.Reason.sqlite`.
    package func entryCounts() throws(CacheError) -> [String: Int] {
        let pairs = try sql { () throws(SQLiteError) in
            try db.statement("SELECT feed_url, count(*) FROM entry GROUP BY feed_url")
                .rows { ($0.text(0) ?? "", $0.int(1)) }
        }
        return Dictionary(pairs, uniquingKeysWith: +)
    }

    /// Deletes `feedURL`'s fallen-off entries older than `retention.keepDays` or beyond its
    /// `retention.keepEntries` newest. Runs inside the caller's transaction.
    func prune(feedURL: String, now: Date, retention: Retention) throws(SQLiteError) {
        let cutoff = now.addingTimeInterval(-Double(max(0, retention.keepDays)) * 86_400)
        try db.statement(Self.pruneEntries).bind([
            .text(feedURL), .date(cutoff), .integer(max(0, retention.keepEntries))
        ]).run()
    }

    /// Insert, or update only when some value differs: `first_seen` is never in the SET list, and
    /// the WHERE makes an unchanged row cost no write (`IS NOT` compares NULLs as values).
    /// ?19 is `link_key`, the coarse key of the link (`coarseLinkKey`), which follows `link`.
    static let upsertEntry = """
        INSERT INTO entry (\(EntryRow.columns), in_document, backlog, position, link_key)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, 1, ?17, ?18, ?19)
        ON CONFLICT (feed_url, id) DO UPDATE SET
            published = excluded.published, updated = excluded.updated, title = excluded.title,
            link = excluded.link, link_key = excluded.link_key, author_name = excluded.author_name,
            author_email = excluded.author_email, author_uri = excluded.author_uri,
            summary = excluded.summary, content = excluded.content,
            categories = excluded.categories, enclosures = excluded.enclosures,
            html_base = excluded.html_base, language = excluded.language, in_document = 1,
            clean_version = CASE WHEN summary IS excluded.summary AND content IS excluded.content
                                      AND html_base IS excluded.html_base THEN clean_version END
        WHERE published IS NOT excluded.published OR updated IS NOT excluded.updated
            OR title IS NOT excluded.title OR link IS NOT excluded.link
            OR author_name IS NOT excluded.author_name OR author_email IS NOT excluded.author_email
            OR author_uri IS NOT excluded.author_uri OR summary IS NOT excluded.summary
            OR content IS NOT excluded.content OR categories IS NOT excluded.categories
            OR enclosures IS NOT excluded.enclosures OR html_base IS NOT excluded.html_base
            OR language IS NOT excluded.language
            OR in_document IS NOT 1
        """

    /// ?1 feed URL, ?2 JSON array of the ids in the current document. Touches only rows that just
    /// fell off.
    static let markFallenOff = """
        UPDATE entry SET in_document = 0
        WHERE feed_url = ?1 AND in_document = 1 AND id NOT IN (SELECT value FROM json_each(?2))
        """

    /// ?1 feed URL, ?2 cutoff (Unix seconds), ?3 entries to keep. Entries in the current document
    /// are never pruned. Through the partial index of fallen-off entries (schema v3): the planner
    /// would otherwise walk the feed's rows by primary key, reading each row's overflow pages.
    static let pruneEntries = """
        DELETE FROM entry INDEXED BY entry_fallen_off
        WHERE feed_url = ?1 AND in_document = 0 AND (
            coalesce(published, first_seen) < ?2
            OR id NOT IN (SELECT id FROM entry WHERE feed_url = ?1
                          ORDER BY coalesce(published, first_seen) DESC, id LIMIT ?3))
        """

    /// ?1 JSON array of feed URLs.
    /// ?2 the number of rows, -1 for all (SQLite: a negative LIMIT has no upper bound).
    /// Read from the covering index `entry_feed_head` (schema v3), never from the table. Ordered
    /// as the river breaks ties (date, feed URL, place in the document, id), so that
    /// `River.prefixSuffices` can decide a tie at the page's boundary from the heads read.
    static let selectHeads = """
        SELECT feed_url, id, first_seen, published, link, in_document, backlog, position FROM entry
        WHERE feed_url IN (SELECT value FROM json_each(?1))
        ORDER BY coalesce(published, first_seen) DESC, feed_url, position, id
        LIMIT ?2
        """

    /// ?1 feed URL, ?2 entry id: a primary-key lookup.
    static let selectByKey = """
        SELECT \(EntryRow.columns), in_document, clean_version, clean_summary, clean_content
        FROM entry WHERE feed_url = ?1 AND id = ?2
        """

    /// ?1 sanitized summary, ?2 sanitized content, ?3 `EntryHTMLOptions.stamp`, ?4 feed URL, ?5 id.
    static let storeClean = """
        UPDATE entry SET clean_summary = ?1, clean_content = ?2, clean_version = ?3
        WHERE feed_url = ?4 AND id = ?5
        """

    /// ?1 JSON array of feed URLs.
    static let selectEntries = """
        SELECT \(EntryRow.columns), in_document FROM entry
        WHERE feed_url IN (SELECT value FROM json_each(?1))
        ORDER BY coalesce(published, first_seen) DESC, feed_url, id
        """
}
