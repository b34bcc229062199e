import PlanetCache
import Testing

@testable import Planet

/// Which build errors say "try again later" (`planet build` exits 75, EX_TEMPFAIL): another
/// process holding the cache's SQLite lock (a backup, `sqlite3 .backup`) gave exit 2 after the
/// busy timeout, as if the cache were broken.
@Suite("BuildError: try again later")
struct BuildErrorTests {
    @Test("a cache locked by another process (SQLite 5 BUSY, 6 LOCKED) is a try-again-later", arguments: [5, 6])
    func lockedCache(code: Int32) {
        let locked = CacheError(
            path: ".planet/cache.sqlite", reason: .sqlite(code: code, message: "database is locked"))
        let error = BuildError(.cache(locked))
        #expect(error.isLocked)
        #expect(error.description.contains("try again later"))
    }

    @Test("a damaged or full cache is not")
    func otherCacheErrors() {
        for code: Int32 in [11, 13, 26] {
            #expect(!BuildError(.cache(CacheError(path: "c", reason: .sqlite(code: code, message: "x")))).isLocked)
        }
    }
}
