import Foundation
import Planet
import TestSupport
import Testing

/// A damaged cache stopped an unattended planet for good (exit 2 on every build). It is moved
/// aside as `cache.sqlite.broken-DATE`, the build starts afresh from the feeds and says so.
@Suite("planet build: a damaged cache")
struct DamagedCacheTests {
    @Test("a cache that is not a database is moved aside, the build starts afresh and warns")
    func damagedCacheIsMovedAside() async throws {
        try await withDeadline {
            let one = UnchangedBuildTests.ChangingFeed(UnchangedBuildTests.feed("one"))
            let server = try await LoopbackServer.start(["/one.xml": one.route])
            let planet = try UnchangedBuildTests.TestPlanet(feeds: [(server.url(for: "/one.xml"), "One")])
            defer { planet.remove() }
            try await planet.build(at: 0)
            let cache = planet.folder.appendingPathComponent(".planet/cache.sqlite")
            let damaged = Data(repeating: 0x5A, count: 64 * 1_024)
            try damaged.write(to: cache)
            let report = try await planet.build(at: 600)
            let warning = try #require(report.damagedCache)
            #expect(warning.contains("moved aside"))
            let aside = cache.path + ".broken-20261204T161000Z"
            #expect(warning.contains(aside), "\(warning)")
            #expect(FileManager.default.contents(atPath: aside) == damaged)
            #expect(report.feeds.map(\.outcome) == [.ok])
            #expect(try planet.read("index.html").contains("one post 0"))
            // The next build finds a sound cache and says nothing.
            #expect(try await planet.build(at: 1_200).damagedCache == nil)
            await server.stop()
        }
    }
}
