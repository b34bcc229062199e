import Foundation
import Testing

@testable import PlanetCLI

/// `planet build` as a new user meets it: no templates folder, a stray `--output`, cron's
/// `--quiet`, a local feed that is missing.
@Suite("planet build: output folder, built-in templates, quiet")
struct BuildOutputTests {
    static let now = ["--now", "2024-01-02T03:04:05Z"]

    /// A planet folder with feeds.txt holding one local feed, `feed.xml` (written when `present`).
    func planet(present: Bool = true) throws -> URL {
        let folder = try makeFolder()
        let feed = folder.appendingPathComponent("feed.xml")
        try "title = T\n\(feed.path) Local feed\n".write(
            to: folder.appendingPathComponent("feeds.txt"),
            atomically: true, encoding: .utf8)
        if present {
            try """
            <?xml version="1.0"?><rss version="2.0"><channel><title>F</title><link>https://f.example/</link>
            <item><title>One</title><link>https://f.example/1</link><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate>\
            </item>
            </channel></rss>
            """.write(to: feed, atomically: true, encoding: .utf8)
        }
        return folder
    }

    func exists(_ folder: URL, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }

    @Test func withoutATemplatesFolderTheBuiltInTemplatesWriteOutputBesideFeedsTxt() async throws {
        let folder = try planet()
        defer { removeFolder(folder) }
        let elsewhere = try makeFolder()
        defer { removeFolder(elsewhere) }
        let outcome = await runPlanet(
            ["build", "--config", folder.appendingPathComponent("feeds.txt").path] + Self.now,
            in: elsewhere)
        #expect(outcome.status == 0, "\(outcome.err)")
        for path in ["output/index.html", "output/rss.xml", "output/static/planet.css", "output/.planet-site"] {
            #expect(exists(folder, path), "\(path)")
        }
        #expect(!exists(elsewhere, "output"))
    }

    struct RefusedCase: Sendable, CustomTestStringConvertible {
        var output: String
        var message: String
        var testDescription: String { "--output \(output)" }
    }

    @Test(arguments: [
        RefusedCase(output: ".", message: "is feeds.txt's folder, which the site would replace"),
        RefusedCase(output: "www", message: "exists and was not written by planet (no .planet-site)"),
        RefusedCase(output: "www/keep.txt", message: "exists and is not a folder"),
        // Every folder planet reads from: the site would land among the faces and be read back.
        RefusedCase(output: "faces", message: "is the faces folder, which the site would replace"),
        RefusedCase(output: "faces/site", message: "is inside the faces folder"),
        RefusedCase(output: "pages", message: "is the Markdown pages folder, which the site would replace"),
        RefusedCase(output: "pages/out", message: "is inside the Markdown pages folder")
    ])
    func anOutputPlanetDidNotWriteIsRefusedAndKept(_ test: RefusedCase) async throws {
        let folder = try planet()
        defer { removeFolder(folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("www"), withIntermediateDirectories: true)
        try "mine".write(to: folder.appendingPathComponent("www/keep.txt"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["build", "--output", test.output] + Self.now, in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.err.contains(test.message), "\(outcome.err)")
        #expect(exists(folder, "feeds.txt") && exists(folder, "www/keep.txt") && !exists(folder, ".planet-site"))
    }

    @Test func quietNamesAFeedOnTheFirstFailingRunOnlyWithItsPath() async throws {
        let folder = try planet(present: false)
        defer { removeFolder(folder) }
        let path = folder.appendingPathComponent("feed.xml").path
        let first = await runPlanet(["build", "--quiet"] + Self.now, in: folder)
        #expect(first.status == 0)
        #expect(first.err.hasPrefix("planet: failed"), "\(first.err)")
        #expect(first.err.contains(path), "\(first.err)")
        #expect(first.err.components(separatedBy: "\n").count == 2, "one line: \(first.err)")
        let second = await runPlanet(["build", "--quiet"] + Self.now, in: folder)
        #expect(second.status == 0)
        #expect(second.err.isEmpty, "\(second.err)")
        let strict = await runPlanet(["build", "--quiet", "--strict"] + Self.now, in: folder)
        #expect(strict.status == 1)
        #expect(strict.err.contains(path), "\(strict.err)")
        let normal = await runPlanet(["build"] + Self.now, in: folder)
        #expect(normal.err.contains(path) && normal.err.contains("0 feeds ok, 1 failed"), "\(normal.err)")
    }
}
