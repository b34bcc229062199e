import Foundation

extension FeedCache {
    /// Opens the cache at `path` as `init(path:)` does; a file SQLite finds damaged or not a
    /// database (SQLite 11 `SQLITE_CORRUPT`, 26 `SQLITE_NOTADB`) is moved aside as
    /// `cache.sqlite.broken-20261204T160000Z` (with its `-wal`), and a new, empty cache made in
    /// its place: a damaged cache stopped an unattended planet for good (exit 2 on every build),
    /// while everything in it but the first-seen times and hidden entries comes back from the
    /// feeds.
    /// - Parameters:
    ///   - path: the cache file.
    ///   - now: names the file moved aside (UTC).
    /// - Returns: the cache, and the path the damaged file was moved to (nil when it was sound).
    /// - Throws: `CacheError` as `init(path:)` does, and `.sqlite` when the damaged file cannot
    ///   be moved.
    package static func openMovingDamagedAside(path: String, now: Date) throws(CacheError) -> (
        cache: FeedCache, movedTo: String?
    ) {
        do {
            return (try FeedCache(path: path), nil)
        } catch let error where error.isDamaged && path != ":memory:" {
            let stamp = ISO8601DateFormatter.string(
                from: now, timeZone: TimeZone(identifier: "UTC")!,
                formatOptions: [.withYear, .withMonth, .withDay, .withTime, .withTimeZone])
            let aside = path + ".broken-" + stamp
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
                guard rename(path + suffix, aside + suffix) == 0 else {
                    throw CacheError(
                        path: path,
                        reason: .sqlite(
                            code: 11, message: "damaged, and cannot be moved aside: \(String(cString: strerror(errno)))"
                        ))
                }
            }
            unlink(path + "-shm")
            return (try FeedCache(path: path), aside)
        }
    }
}

extension CacheError {
    /// True when SQLite found the file damaged or not a database (SQLite 11 `SQLITE_CORRUPT`, 26
    /// `SQLITE_NOTADB`).
    public var isDamaged: Bool {
        if case .sqlite(let code, _) = reason { return code == 11 || code == 26 }
        return false
    }
}
