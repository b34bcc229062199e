/// Why the feed cache could not be opened, read or written.
///
/// Per-feed fetch problems are never a `CacheError` (they are recorded *in* the cache); this error
/// means the cache file itself is unusable, so the build stops.
public struct CacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The folder that should hold the cache file could not be created; carries the detail.
        case cannotCreateFolder(String)
        /// SQLite failed: its primary result code (e.g. 5 `SQLITE_BUSY`, 11 `SQLITE_CORRUPT`) and
        /// `sqlite3_errmsg`.
        case sqlite(code: Int32, message: String)
        /// The file was written by a newer planet: its `PRAGMA user_version` is above what this one knows.
        case newerSchema(found: Int, supported: Int)
        /// A stored value could not be decoded (e.g. the JSON list of categories); carries the detail.
        case invalidData(String)
    }

    /// The cache file's path as given to `FeedCache(path:)`.
    public var path: String
    /// What went wrong.
    public var reason: Reason

    /// Creates an error about the cache file at `path` with the given reason.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// True when another process held the cache's lock past the busy timeout (SQLite 5
    /// `SQLITE_BUSY`, 6 `SQLITE_LOCKED`): nothing is wrong with the cache, a later try works.
    public var isBusy: Bool {
        if case .sqlite(let code, _) = reason { return code == 5 || code == 6 }
        return false
    }

    /// `.planet/cache.sqlite: database is locked (SQLite 5): another process (a build, a backup)
    /// holds the cache; try again later`
    public var description: String {
        switch reason {
        case .cannotCreateFolder(let detail):
            return "\(path): cannot create the cache folder: \(detail)"
        case .sqlite(let code, let message) where isBusy:
            return "\(path): \(message) (SQLite \(code)): another process (a build, a backup) holds the "
                + "cache; try again later"
        case .sqlite(let code, let message) where code == 13:
            return "\(path): \(message) (SQLite \(code)): the disk is full; free some space (docs/SCALING.md "
                + "says how much a build needs): the last site is kept, the next build recovers the cache"
        case .sqlite(let code, let message) where code == 11 || code == 26:
            return "\(path): \(message) (SQLite \(code)); delete the cache file to start afresh"
        case .sqlite(let code, let message):
            return "\(path): \(message) (SQLite \(code))"
        case .newerSchema(let found, let supported):
            return "\(path): cache schema version '\(found)' is newer than this planet's '\(supported)'; "
                + "upgrade planet or use another --cache"
        case .invalidData(let detail):
            return "\(path): unreadable value in the cache: \(detail)"
        }
    }
}

extension CacheError {
    init(path: String, _ error: SQLiteError) {
        self.init(path: path, reason: .sqlite(code: error.code, message: error.message))
    }
}
