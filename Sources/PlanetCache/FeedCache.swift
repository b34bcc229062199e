import Foundation

/// What planet remembers between runs, in one SQLite file: per feed the fetch state (validators,
/// failures, redirects), per entry the last parsed copy and the time it was first seen.
///
/// An actor: the build records fetch results from many concurrent tasks, and SQLite writes are
/// serialized anyway; the actor owns the one connection and its prepared statements (each prepared
/// once and reused), so no lock of our own is needed. Another *process* (an overlapping cron run)
/// is handled by SQLite: WAL journal, a 5 000 ms busy timeout and `BEGIN IMMEDIATE` transactions.
///
/// The schema version lives in `PRAGMA user_version`; opening a cache written by an older planet
/// migrates it forward (see `CacheSchema`). Dates are stored as Unix seconds (UTC). Default
/// location: `.planet/cache.sqlite` beside feeds.txt; `:memory:` gives a private,
/// throwaway cache (tests).
package actor FeedCache {
    /// The path given to `init(path:)`.
    package nonisolated let path: String
    let db: SQLiteDatabase
    let rows: EntryRow

    /// Opens the cache at `path`, creating the file and its parent folder (e.g. `.planet/`) when
    /// missing, and migrating its schema to the current version.
    /// - Parameter path: file path, or `:memory:` for an in-memory cache.
    /// - Throws: `CacheError` `.cannotCreateFolder`, `.sqlite` (unreadable, locked longer than the
    ///   busy timeout, not a database), `.newerSchema` (written by a newer planet).
    package init(path: String) throws(CacheError) {
        self.path = path
        rows = EntryRow(path: path)
        try Self.createFileAndFolder(at: path)
        do throws(SQLiteError) {
            db = try SQLiteDatabase(path: path)
            db.setBusyTimeout(milliseconds: 5_000)
            try db.execute("PRAGMA foreign_keys = ON")
            // 16 KiB pages for a new file (SQLite ignores this for one that has tables, and in WAL
            // mode): a cached entry (its raw summary and content, ~4 KB in a typical feed) then fits
            // in its page instead of spilling onto a chain of 4 KiB overflow pages. 5,000 generated
            // feeds: a 579 MB cache becomes 304 MB, and a cold build 4.6-5.3 s -> 4.3-4.4 s (Benchmarks/PERF.md).
            try db.execute("PRAGMA page_size = 16384")
            // WAL lets a reader (a second build rendering) run beside a writer; `:memory:` stays
            // "memory", a file system without shared memory stays "delete": both still work.
            try db.statement("PRAGMA journal_mode = WAL").run()
            // NORMAL is safe with WAL: a crash may lose the last transaction, never corrupt the file.
            try db.execute("PRAGMA synchronous = NORMAL")
            // Closing checkpoints the WAL into the file and deletes it (SQLite's default), so that
            // between builds cache.sqlite alone is the whole cache: one file to back up or restore.
            // (Leaving the WAL saved ~8 ms a build, but a restored file beside a newer WAL is corrupt.)
            // A WAL left by a crash or a full disk is folded into the file now, at the next open
            // (SQLite has just recovered it), not only when this connection closes: a copy of the
            // file alone taken during this run is the whole cache. PASSIVE never waits for another
            // process's readers; what they still need is checkpointed when the last one closes.
            try db.statement("PRAGMA wal_checkpoint(PASSIVE)").run()
            try Self.boundWAL(db, path: path)
        } catch {
            throw CacheError(path: path, error)
        }
        try Self.migrate(db, path: path)
    }

    /// Opens an existing cache for reading only (`planet list`): nothing is created, migrated or
    /// written, so a cache of an older planet stays as it is (and usable by that planet) and a
    /// user who may not write it can still read it. The reads work on every schema version.
    /// - Throws: `CacheError` `.sqlite` (missing, unreadable, not a database), `.newerSchema`.
    package init(readingOnly path: String) throws(CacheError) {
        self.path = path
        rows = EntryRow(path: path)
        let found: Int
        do throws(SQLiteError) {
            db = try SQLiteDatabase(path: path, readOnly: true)
            db.setBusyTimeout(milliseconds: 5_000)
            found = try Self.userVersion(db)
        } catch {
            throw CacheError(path: path, error)
        }
        if found > CacheSchema.currentVersion {
            throw CacheError(path: path, reason: .newerSchema(found: found, supported: CacheSchema.currentVersion))
        }
    }

    /// The fetch state of `feedURL`, or nil when the feed was never recorded.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func state(for feedURL: String) throws(CacheError) -> FeedState? {
        try sql { () throws(SQLiteError) in
            try db.statement("SELECT \(Self.stateColumns) FROM feed WHERE url = ?1")
                .bind([.text(feedURL)]).rows(Self.readState).first
        }
    }

    /// False for a file with no cache schema yet (an empty file, or one opened with
    /// `init(readingOnly:)` before any build wrote it): it knows no feed.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func hasSchema() throws(CacheError) -> Bool {
        try hasTable("feed")
    }

    /// Whether the file has the table `name`: a cache opened with `init(readingOnly:)` may be of
    /// an older schema, without the tables later versions added (`CacheSchema`).
    /// - Throws: `CacheError.Reason.sqlite`.
    func hasTable(_ name: String) throws(CacheError) -> Bool {
        try sql { () throws(SQLiteError) in
            try db.statement("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?1")
                .bind([.text(name)]).rows { $0.int(0) }.first ?? 0
        } > 0
    }

    /// The fetch state of every feed the cache knows, ordered by URL.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func allStates() throws(CacheError) -> [FeedState] {
        try sql { () throws(SQLiteError) in
            try db.statement("SELECT \(Self.stateColumns) FROM feed ORDER BY url").rows(Self.readState)
        }
    }

    /// Runs `PRAGMA integrity_check` over the whole file.
    /// - Returns: true when SQLite answers `ok`.
    /// - Throws: `CacheError.Reason.sqlite` when the check cannot run at all.
    package func integrityCheck() throws(CacheError) -> Bool {
        let answers = try sql { () throws(SQLiteError) in
            try db.statement("PRAGMA integrity_check").rows { $0.text(0) }
        }
        return answers == ["ok"]
    }

    /// Rows this connection inserted, updated or deleted since it opened (tests: unchanged
    /// entries must cost no write).
    var totalChanges: Int { db.totalChanges }

    /// Runs SQLite work, turning its error into a `CacheError` naming this cache's path.
    func sql<T>(_ body: () throws(SQLiteError) -> T) throws(CacheError) -> T {
        do throws(SQLiteError) {
            return try body()
        } catch {
            throw CacheError(path: path, error)
        }
    }
}
