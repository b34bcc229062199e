import FeedParser
import Foundation
import PlanetBase

extension FeedCache {
    /// Creates the folder that holds `path` (with intermediates, mode 0700) and an empty file at
    /// `path` with mode 0600, each unless it exists or `path` is not a file (`:memory:`, empty for a
    /// temporary database, `file:` URIs).
    static func createFileAndFolder(at path: String) throws(CacheError) {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        // A new folder (`.planet/`) is its owner's only (0700), whatever the umask: it holds the
        // cache, and a folder others may write lets them replace the cache file or its -wal.
        do throws(FileCreationError) {
            try FileCreation.folder(folder.path, mode: 0o700)
        } catch {
            throw CacheError(path: path, reason: .cannotCreateFolder("'\(error.path)': \(error.detail)"))
        }
        // A new cache file is readable by its owner only (0600): it holds feed URLs with their
        // credentials (https://user:password@host/…). SQLite gives its -wal and -shm files the
        // database file's mode. An existing file keeps the mode its owner gave it.
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Brings the schema to `CacheSchema.currentVersion`, every pending migration and the version
    /// bump in one `BEGIN IMMEDIATE` transaction, so two processes opening a new file do not both
    /// migrate (the second waits, then finds the work done).
    static func migrate(_ db: SQLiteDatabase, path: String) throws(CacheError) {
        let current = CacheSchema.currentVersion
        let found = try run(path) { () throws(SQLiteError) -> Int in
            if try userVersion(db) == current { return current }  // common case: no write lock
            return try db.transaction { () throws(SQLiteError) -> Int in
                let version = try userVersion(db)
                guard version < current else { return version }
                for migration in CacheSchema.migrations[version...] {
                    try db.execute(migration)
                }
                try db.execute("PRAGMA user_version = \(current)")
                return version
            }
        }
        if found > current {
            throw CacheError(path: path, reason: .newerSchema(found: found, supported: current))
        }
    }

    /// The file's `PRAGMA user_version` (0 for a new or empty file).
    static func userVersion(_ db: SQLiteDatabase) throws(SQLiteError) -> Int {
        try db.statement("PRAGMA user_version").rows { $0.int(0) }.first ?? 0
    }

    private static func run<T>(_ path: String, _ body: () throws(SQLiteError) -> T) throws(CacheError) -> T {
        do throws(SQLiteError) {
            return try body()
        } catch {
            throw CacheError(path: path, error)
        }
    }

    /// Columns `readState` expects, in order.
    static let stateColumns =
        "url, etag, last_modified, last_attempt, last_success, last_status, "
        + "error_kind, error_message, failure_streak, redirect_target, gone, retry_after, title, link, "
        + "config_fingerprint, feed_id, updated, author_name, author_email, author_uri, language, image, "
        + "failing_since, "
        + "stated_interval, fresh_for, next_fetch"

    static func readState(_ row: SQLiteStatement) -> FeedState {
        var state = FeedState(
            url: row.text(0) ?? "", etag: row.text(1), lastModified: row.text(2),
            lastAttempt: row.date(3), lastSuccess: row.date(4), lastStatus: row.optionalInt(5),
            errorKind: row.text(6), errorMessage: row.text(7), failureStreak: row.int(8),
            redirectTarget: row.text(9), gone: row.int(10) != 0, retryAfter: row.date(11),
            title: row.text(12), link: row.text(13), configFingerprint: row.text(14),
            feedID: row.text(15), updated: row.date(16),
            author: person(name: row.text(17), email: row.text(18), uri: row.text(19)),
            language: row.text(20))
        state.image = row.text(21)
        state.failingSince = row.date(22)
        state.statedInterval = row.optionalDouble(23)
        state.freshFor = row.optionalDouble(24)
        state.nextFetch = row.date(25)
        return state
    }

    /// A person from three nullable columns; nil when all are NULL.
    static func person(name: String?, email: String?, uri: String?) -> Person? {
        (name, email, uri) == (nil, nil, nil) ? nil : Person(name: name, email: email, uri: uri)
    }
}
