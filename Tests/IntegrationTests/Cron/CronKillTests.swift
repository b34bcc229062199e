import Foundation
import Planet
import PlanetCache
import Synchronization
import TestSupport
import Testing

/// A build killed with SIGKILL at any moment leaves `output/` whole (the old site or the
/// new one) and the cache passing `PRAGMA integrity_check`. Runs the real `planet` executable.
@Suite("planet build under cron: SIGKILL")
struct CronKillTests {
    /// The `planet` executable SwiftPM built beside the test bundle (the build folder holds both
    /// the bundle's resources, `Bundle.module`, and the products), nil when it was not built.
    static let executable: URL? = {
        let candidate = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("planet")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    @Test(
        "killed at 20 moments: output/ is the old or the new site, the cache is intact",
        .enabled(if: executable != nil, "the planet executable is not built beside the tests (swift build first)"))
    func killedBuildsLeaveAWholeSite() async throws {
        try await withDeadline(seconds: 4 * Deadline.standard) {  // 41 builds, 13 of them killed
            let executable = try #require(Self.executable)
            let version = VersionSwitch()
            var routes: [String: LoopbackRoute] = [:]
            var feeds: [(URL, String)] = []
            for number in 0..<12 {
                routes["/feed\(number).xml"] = LoopbackRoute { _ in
                    var response = okResponse(rssFeed("f\(number)v\(version.value)", count: 20))
                    response.delay = Double(number % 4) * 0.02
                    return response
                }
            }
            let server = try await LoopbackServer.start(routes)
            for number in 0..<12 { feeds.append((server.url(for: "/feed\(number).xml"), "Feed \(number)")) }
            let planet = try CronPlanet(feeds: feeds)
            defer { planet.remove() }
            let arguments = { (hour: Int) in
                [
                    "build", "--config", planet.config.path, "--output", planet.output.path, "--templates",
                    CronPlanet.repository.appendingPathComponent("templates").path,
                    "--now",
                    ISO8601DateFormatter().string(from: CronPlanet.start.addingTimeInterval(Double(hour) * 3600))
                ]
            }
            #expect(try await Subprocess.exitStatus(executable, arguments(0)) == 0)
            var old = try Self.snapshot(planet.output)
            var generator = SeededGenerator(seed: 5)
            for round in 1...20 {
                version.set(round)
                let delay = Double(generator.next() % 400) / 1000
                _ = try await Subprocess.exitStatus(executable, arguments(round), killAfter: .seconds(delay))
                let seen = try Self.snapshot(planet.output)
                #expect(try await FeedCache(path: planet.cache.path).integrityCheck(), "round \(round)")
                #expect(try await Subprocess.exitStatus(executable, arguments(round)) == 0, "round \(round)")
                let new = try Self.snapshot(planet.output)
                #expect(seen == old || seen == new, "round \(round): killed after \(delay) s, output is neither site")
                old = new
            }
            await server.stop()
        }
    }

    /// Every file under `folder` by relative path (nil when the folder does not exist).
    static func snapshot(_ folder: URL) throws -> [String: Data]? {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return nil }
        var files: [String: Data] = [:]
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }
}

/// Which content version the test server serves.
final class VersionSwitch: Sendable {
    private let state = Mutex(0)
    var value: Int { state.withLock { $0 } }
    func set(_ value: Int) { state.withLock { $0 = value } }
}

/// A reproducible sequence of kill moments (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
