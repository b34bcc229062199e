import Foundation
import Planet
import TestSupport
import Testing

/// Two overlapping builds never run at once.
@Suite("planet build under cron: the lock")
struct CronLockTests {
    @Test("a second build while another holds the lock is refused with status 75; --wait waits")
    func secondBuildIsRefused() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/feed.xml": .ok(rssFeed("locked"))])
            let planet = try CronPlanet(feeds: [(server.url(for: "/feed.xml"), "Locked")])
            defer { planet.remove() }
            let lockURL = planet.folder.appendingPathComponent(".planet/lock")
            var held: BuildLock? = try await BuildLock.acquire(lockURL, wait: false)
            let refused = await planet.build()
            #expect(refused.status == 75)
            #expect(refused.err.contains("another planet build is running"))
            #expect(!FileManager.default.fileExists(atPath: planet.output.path))
            #expect(server.requests.isEmpty)
            let waiting = Task { await planet.build(["--wait"]) }
            try await Task.sleep(for: .milliseconds(300))
            #expect(server.requests.isEmpty)
            held = nil
            #expect(held == nil)
            #expect(await waiting.value.status == 0)
            #expect(try planet.read("index.html").contains("locked post 1"))
            await server.stop()
        }
    }
}
