import Foundation
import Planet
import PlanetFetcher
import TestSupport
import Testing

/// `planet build` with a `pages/` folder beside feeds.txt: pages in the layout, intro on the index.
@Suite("planet build: Markdown pages")
struct MarkdownPagesBuildTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let repository = fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let now = Date(timeIntervalSince1970: 1_796_400_000)  // 2026-12-04T16:00:00Z

    @Test("pages/*.md render to NAME.html in the default layout; intro.md shows on the index")
    func pages() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planet-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("site/pages"),
            to: folder.appendingPathComponent("pages"))
        let feed = Self.fixtures.appendingPathComponent("build/feeds/alpha-rss2.xml").path
        let config = folder.appendingPathComponent("feeds.txt")
        try "title = Planet Fixture\nlink = https://planet.example.org/\n\(feed) Alpha Blog\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("output")
        var built = BuildOptions(
            configURL: config, outputURL: output,
            templatesURL: Self.repository.appendingPathComponent("templates"), now: Self.now,
            cacheURL: folder.appendingPathComponent("cache.sqlite"))
        built.loopbackOnly = LoopbackGuard()
        let options = built
        _ = try await withDeadline { try await PlanetBuild.run(options) }
        for name in ["about.html", "code-of-conduct.html"] {
            let page = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
            assertGolden(page, path: Self.fixtures.appendingPathComponent("build/golden/\(name)"))
        }
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(
            index.contains("<div class=\"intro\">\n<p>Hello from <strong>intro.md</strong>, shown above the river.</p>")
        )
        #expect(index.contains("<li><a href=\"about.html\">About Planet Fixture</a></li>"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("intro.html").path))
    }
}
