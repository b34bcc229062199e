import Foundation

extension FeedCache {
    /// The size the WAL is cut back to after a checkpoint (`PRAGMA journal_size_limit`), bytes:
    /// 4 MiB. SQLite reuses a WAL from its start once it is checkpointed but never shrinks it by
    /// itself, so without a limit one long write (or a reader holding an old snapshot) left a WAL of
    /// 3.4 times the cache for good, and a disk that filled meanwhile stayed full.
    static let walSizeLimit = 4 * 1_024 * 1_024

    /// Pages written to the WAL before SQLite checkpoints it (`PRAGMA wal_autocheckpoint`): 256
    /// pages, 4 MiB of the cache's 16 KiB pages (the default, 1,000, is 16 MB of them).
    static let walCheckpointPages = 256

    /// Bounds the WAL of the connection just opened: the checkpoint interval and size limit above,
    /// and a WAL larger than the limit (left by a crash, or a disk that filled during the last
    /// checkpoint) folded into the file and truncated now (`wal_checkpoint(TRUNCATE)`), so that the
    /// build that follows a full disk gets its space back before it writes. TRUNCATE waits (the
    /// busy timeout) for other processes' readers and does what it can without them when they
    /// stay: the next build finishes the job.
    /// - Throws: `SQLiteError` when a pragma fails (a full disk is not one: the checkpoint then
    ///   leaves the WAL as it is).
    static func boundWAL(_ db: SQLiteDatabase, path: String) throws(SQLiteError) {
        try db.statement("PRAGMA wal_autocheckpoint = \(walCheckpointPages)").run()
        try db.statement("PRAGMA journal_size_limit = \(walSizeLimit)").run()
        guard path != ":memory:", walSize(of: path) > walSizeLimit else { return }
        do throws(SQLiteError) {
            try db.statement("PRAGMA wal_checkpoint(TRUNCATE)").run()
        } catch  where error.code == sqliteFull {
            // The disk is still full: the WAL stays, and so does the cache; the build reports the
            // first write that fails (a full disk, docs/SCALING.md), the next one tries again.
            return
        }
    }

    /// SQLite's primary result code for a full disk (`SQLITE_FULL`).
    private static let sqliteFull: Int32 = 13

    /// The size of the cache's `-wal` file, bytes; 0 when there is none.
    static func walSize(of path: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }
}
