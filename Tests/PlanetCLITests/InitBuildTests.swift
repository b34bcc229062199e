import Foundation
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
}
