import Foundation

/// What the cache remembers of one output folder's last build (schema v8, table `site`), so that
/// the next build can tell that nothing it would write has changed (Benchmarks/PERF.md,
/// "Session 6").
package struct SiteRecord: Sendable, Equatable {
    /// The output folder (its resolved path).
    package var output: String
    /// When the site's content last changed: the build time of the last build that wrote a file
    /// (`planet.updated_*`, status.json `generated`).
    package var changedAt: Date
    /// The fingerprint of everything the last build read besides the cache and the clock
    /// (`BuildFingerprint`).
    package var fingerprint: String
    /// `FeedCache.contentVersion()` when the last build read the cache.
    package var contentVersion: Int
    /// The first instant at which the passing of time alone changes the site (an entry dated in
    /// the future comes due, one leaves `days_per_page`, a feed crosses `activity_threshold`);
    /// nil when nothing depends on the time.
    package var validUntil: Date?
    /// Entries on the page.
    package var entries: Int
    /// Every file of the output folder with its size, mtime and inode (`OutputManifest`).
    package var manifest: String

    /// Creates a record with the given fields.
    package init(
        output: String, changedAt: Date, fingerprint: String, contentVersion: Int,
        validUntil: Date?, entries: Int, manifest: String
    ) {
        self.output = output
        self.changedAt = changedAt
        self.fingerprint = fingerprint
        self.contentVersion = contentVersion
        self.validUntil = validUntil
        self.entries = entries
        self.manifest = manifest
    }
}

/// How many entries the cache keeps of one feed and the date of its newest (published, else
/// first seen), as schema v8 keeps them in the `feed` row.
package struct FeedEntryFacts: Sendable, Equatable {
    /// Entries kept.
    package var kept: Int
    /// Sort date of the newest entry, nil when none is kept.
    package var newest: Date?
}

extension FeedCache {
    /// The content version: a number raised by every write of the cache that can change the
    /// site (an entry added, changed, fallen off or pruned; what the site shows of a feed: its
    /// title, link, image, head, status code, error, redirect, gone, Retry-After, failing since;
    /// a hidden entry; a reading list's feeds). Rows a build rewrites without such a change (a
    /// 304's attempt time, a sanitized copy) leave it as it is.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func contentVersion() throws(CacheError) -> Int {
        try sql { () throws(SQLiteError) in
            try db.statement("SELECT content_version FROM cache_state WHERE id = 1").rows { $0.int(0) }.first ?? 0
        }
    }

    /// Raises the content version; runs inside the caller's transaction.
    func bumpContentVersion() throws(SQLiteError) {
        try db.statement("UPDATE cache_state SET content_version = content_version + 1 WHERE id = 1").run()
    }

    /// The columns of `feed` the site reads (directly or through the status report), as bytes
    /// (`SQLiteStatement.appendRow`): equal before and after a write exactly when the write did not
    /// change them. `last_success` and `failure_streak` count only as "ever succeeded" and
    /// "failing".
    /// - Parameter feedURL: one feed; nil for every feed the cache knows (cheaper than naming a
    ///   thousand of them: rows a write did not touch compare equal anyway).
    func outputDigest(feedURL: String?) throws(SQLiteError) -> [UInt8] {
        let statement: SQLiteStatement
        if let feedURL {
            statement = try db.statement(Self.selectOutputDigestOfOne).bind([.text(feedURL)])
        } else {
            statement = try db.statement(Self.selectOutputDigestOfAll)
        }
        var bytes: [UInt8] = []
        while try statement.step() { statement.appendRow(to: &bytes) }
        statement.reset()
        return bytes
    }

    /// Sets `feed.entries_kept` and `feed.newest_entry` of `feedURL` from its entries; inside the
    /// caller's transaction, after any write of its entries.
    func refreshEntryFacts(feedURL: String) throws(SQLiteError) {
        try db.statement(Self.updateEntryFacts).bind([.text(feedURL)]).run()
    }

    /// Entries kept and the newest entry's date of every feed the cache knows (schema v8 keeps
    /// them in the `feed` row: no pass over the entries).
    /// - Throws: `CacheError.Reason.sqlite`.
    package func entryFacts() throws(CacheError) -> [String: FeedEntryFacts] {
        let rows = try sql { () throws(SQLiteError) in
            try db.statement("SELECT url, entries_kept, newest_entry FROM feed").rows {
                ($0.text(0) ?? "", FeedEntryFacts(kept: $0.int(1), newest: $0.date(2)))
            }
        }
        return Dictionary(rows, uniquingKeysWith: { a, _ in a })
    }

    /// The record of the output folder `output` (its resolved path), nil when no build of this
    /// planet version wrote it with this cache.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func siteRecord(output: String) throws(CacheError) -> SiteRecord? {
        try sql { () throws(SQLiteError) in
            try db.statement(
                """
                SELECT output, changed_at, fingerprint, content_version, valid_until, entries, manifest
                FROM site WHERE output = ?1
                """
            ).bind([.text(output)]).rows { row in
                SiteRecord(
                    output: row.text(0) ?? "", changedAt: row.date(1) ?? Date(timeIntervalSince1970: 0),
                    fingerprint: row.text(2) ?? "", contentVersion: row.int(3), validUntil: row.date(4),
                    entries: row.int(5), manifest: row.text(6) ?? "")
            }.first
        }
    }

    /// Keeps `record` for its output folder, replacing the one before.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func recordSite(_ record: SiteRecord) throws(CacheError) {
        try sql { () throws(SQLiteError) in
            try db.statement(
                """
                INSERT INTO site (output, changed_at, fingerprint, content_version, valid_until, entries, manifest)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                ON CONFLICT (output) DO UPDATE SET changed_at = excluded.changed_at,
                    fingerprint = excluded.fingerprint, content_version = excluded.content_version,
                    valid_until = excluded.valid_until, entries = excluded.entries, manifest = excluded.manifest
                """
            ).bind([
                .text(record.output), .date(record.changedAt), .text(record.fingerprint),
                .integer(record.contentVersion), .date(record.validUntil), .integer(record.entries),
                .text(record.manifest)
            ]).run()
        }
    }

    /// `outputDigest` of one feed (?1 its URL), and of all of them in URL order.
    static let selectOutputDigestOfOne = selectOutputDigest + " WHERE url = ?1"
    static let selectOutputDigestOfAll = selectOutputDigest + " ORDER BY url"

    /// The columns of `outputDigest`, without a WHERE clause.
    static let selectOutputDigest = """
        SELECT url, title, link, image, feed_id, updated, author_name, author_email, author_uri, language,
               last_status, error_kind, error_message, failure_streak > 0, last_success IS NULL, redirect_target,
               gone, retry_after, failing_since, entries_kept, newest_entry, next_fetch
        FROM feed
        """

    /// ?1 feed URL. Writes the row only when a value differs.
    static let updateEntryFacts = """
        UPDATE feed SET entries_kept = facts.kept, newest_entry = facts.newest
        FROM (SELECT (SELECT count(*) FROM entry WHERE feed_url = ?1) AS kept,
                     (SELECT max(coalesce(published, first_seen)) FROM entry WHERE feed_url = ?1) AS newest) AS facts
        WHERE url = ?1 AND (entries_kept IS NOT facts.kept OR newest_entry IS NOT facts.newest)
        """
}
