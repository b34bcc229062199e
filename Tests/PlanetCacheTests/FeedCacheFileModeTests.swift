import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

/// The cache holds feed URLs with their credentials: a new cache file, and the WAL SQLite writes
/// beside it, are readable by their owner only; a file its owner made keeps its mode.
@Suite struct FeedCacheFileModeTests {
    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("a new cache file and its -wal are 0600")
    func newFileIsPrivate() async throws {
        try await withDeadline {
            let folder = CacheFixtures.temporaryPath("mode")
            defer { CacheFixtures.remove(folder) }
            let path = folder + "/.planet/cache.sqlite"
            let cache = try FeedCache(path: path)
            try await cache.recordSuccess(
                feedURL: "https://user:secret@blog.example.com/feed",
                feed: CacheFixtures.feed([CacheFixtures.entry("a")]),
                info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
            #expect(try mode(path) == 0o600)
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(try mode(path + "-wal") == 0o600)
            withExtendedLifetime(cache) {}
        }
    }

    @Test("an existing cache file keeps its owner's mode")
    func existingFileKeepsItsMode() async throws {
        let folder = CacheFixtures.temporaryPath("mode-kept")
        defer { CacheFixtures.remove(folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/cache.sqlite"
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]))
        _ = try FeedCache(path: path)
        #expect(try mode(path) == 0o640)
    }

    @Test("under umask 000 a new .planet/ folder is 0700 and the cache file 0600")
    func looseUmaskMakesAPrivateFolder() async {
        // The umask is the process's: set in a child process (an exit test), not in this one.
        await #expect(processExitsWith: .success) {
            Deadline.armExitTest()
            umask(0)
            let path = CacheFixtures.temporaryPath("umask")
            defer { CacheFixtures.remove(path) }
            _ = try FeedCache(path: path)
            var folder = stat()
            var file = stat()
            guard stat(URL(fileURLWithPath: path).deletingLastPathComponent().path, &folder) == 0,
                stat(path, &file) == 0, folder.st_mode & 0o7777 == 0o700, file.st_mode & 0o7777 == 0o600
            else {
                let modes = [folder, file].map { String($0.st_mode & 0o7777, radix: 8) }
                FileHandle.standardError.write(Data("folder, file: \(modes)\n".utf8))
                exit(1)
            }
        }
    }
}
