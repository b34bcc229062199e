import Foundation
import Planet
import PlanetFetcher
import TestSupport
import Testing

/// `make demo` (README's first command) builds the shipped feeds.txt offline: its feeds are files
/// in examples/feeds/, and its `copy_faces = settings` keeps their logos on real hosts links, so
/// the build asks nothing of the network.
@Suite("Build: the demo planet is offline")
struct DemoPlanetTests {
    @Test("the shipped feeds.txt builds from its files and attempts no request (copy_faces = settings)")
    func demoAsksNothing() async throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = BuildOptions(
            configURL: CronPlanet.repository.appendingPathComponent("feeds.txt"),
            outputURL: folder.appendingPathComponent("output"),
            templatesURL: CronPlanet.repository.appendingPathComponent("templates"),
            now: Date(timeIntervalSince1970: 1_796_400_000), cacheURL: folder.appendingPathComponent("cache.sqlite"))
        let loopback = LoopbackGuard()
        options.loopbackOnly = loopback
        let built = options
        let report = try await withDeadline { try await PlanetBuild.run(built) }
        #expect(report.feedsOK == 7 && report.failures.isEmpty, "\(report.failures)")
        #expect(loopback.refused == [], "the demo asked the network for these")
        let index = try String(
            contentsOf: folder.appendingPathComponent("output/index.html"), encoding: .utf8)
        #expect(index.contains("Planet Demo"))
    }
}
