import Foundation
import TestSupport
import Testing

@testable import PlanetCLI

/// A planet made by `planet init` builds as it is: the embedded templates render and the about
/// page becomes a page of the site (offline: the example feeds are never fetched).
@Suite("planet init, then build")
struct InitBuildTests {
    @Test func aFreshPlanetBuildsOfflineWithItsAboutPage() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        #expect(await runPlanet(["init", "p"], in: folder).status == 0)
        let planet = folder.appendingPathComponent("p", isDirectory: true)
        let built = await runPlanet(["build", "--offline", "--quiet", "--now", "2024-01-02T03:04:05Z"], in: planet)
        #expect(built.status == 0, "\(built.err)")
        for name in ["index.html", "rss.xml", "atom.xml", "opml.xml", "about.html"] {
            #expect(
                FileManager.default.fileExists(atPath: planet.appendingPathComponent("output/" + name).path), "\(name)")
        }
        let about = try String(contentsOf: planet.appendingPathComponent("output/about.html"), encoding: .utf8)
        #expect(about.contains("About this planet"))
    }

    @Test("under umask 000 nothing init and build make is writable by others; the cache's folder is private")
    func looseUmaskMakesNothingWorldWritable() async {
        // The umask is the process's: set in a child process (an exit test), not in this one.
        await #expect(processExitsWith: .success) {
            Deadline.armExitTest()
            let folder = try makeFolder()
            defer { removeFolder(folder) }
            umask(0)
            guard await runPlanet(["init", "p"], in: folder).status == 0 else { exit(2) }
            let planet = folder.appendingPathComponent("p", isDirectory: true)
            let built = await runPlanet(["build", "--offline", "--quiet", "--now", "2024-01-02T03:04:05Z"], in: planet)
            guard built.status == 0 else { exit(3) }
            func mode(_ relative: String) -> mode_t {
                var info = stat()
                return lstat(planet.appendingPathComponent(relative).path, &info) == 0 ? info.st_mode & 0o7777 : 0o7777
            }
            var open: [String] = []
            for relative in FileManager.default.enumerator(atPath: planet.path)?.allObjects as? [String] ?? []
            where mode(relative) & 0o022 != 0 {
                open.append("\(relative) \(String(mode(relative), radix: 8))")
            }
            let expected: [(String, mode_t)] = [
                ("", 0o755), ("templates", 0o755), ("templates/index.html.mustache", 0o644), ("feeds.txt", 0o644),
                (".planet", 0o700), (".planet/cache.sqlite", 0o600), (".planet/lock", 0o600),
                ("output", 0o755), ("output/index.html", 0o644), ("output/static", 0o755)
            ]
            let wrong = expected.filter { mode($0.0) != $0.1 }.map { "\($0.0) \(String(mode($0.0), radix: 8))" }
            guard open.isEmpty, wrong.isEmpty else {
                FileHandle.standardError.write(Data("writable by others: \(open); not as expected: \(wrong)\n".utf8))
                exit(1)
            }
        }
    }
}
