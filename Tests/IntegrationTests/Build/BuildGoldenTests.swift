import Foundation
import Planet
import PlanetFetcher
import TestSupport
import Testing

/// The whole pipeline on fixture feeds: `planet build --now …` against checked-in goldens.
@Suite("planet build: golden site")
struct BuildGoldenTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/build")
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let now = Date(timeIntervalSince1970: 1_796_400_000)  // 2026-12-04T16:00:00Z

    /// Options with a fresh cache beside the output (never `.planet/` in the fixture folder).
    func options(config: URL, output: URL) -> BuildOptions {
        var options = BuildOptions(
            configURL: config, outputURL: output,
            templatesURL: Self.repository.appendingPathComponent("templates"), now: Self.now,
            cacheURL: output.deletingLastPathComponent().appendingPathComponent("cache.sqlite"))
        options.loopbackOnly = LoopbackGuard()
        return options
    }

    @Test("three fixture feeds render index.html, rss.xml, atom.xml, opml.xml and feed.json byte for byte")
    func goldenSite() async throws {
        let output = try TemporaryFolder().url.appendingPathComponent("output")
        let report = try await withDeadline {
            try await PlanetBuild.run(
                options(
                    config: Self.fixtures.appendingPathComponent("feeds.txt"),
                    output: output))
        }
        #expect(report.feedsOK == 3)
        #expect(report.failures.isEmpty)
        for name in ["index.html", "rss.xml", "atom.xml", "opml.xml", "feed.json"] {
            let actual = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
            assertGolden(actual, path: Self.fixtures.appendingPathComponent("golden/\(name)"))
        }
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("static/planet.css").path))
    }

    /// Gamma's guid "gamma-2.0" is repeated for a second post (another link and title): it is not an
    /// id, so both posts stay, each under its link; Beta's repost of Alpha's post appears once.
    @Test("the river holds each post once: a guid repeated in a feed and a post in two feeds")
    func duplicatesAppearOnce() async throws {
        let output = try TemporaryFolder().url.appendingPathComponent("output")
        _ = try await withDeadline {
            try await PlanetBuild.run(
                options(
                    config: Self.fixtures.appendingPathComponent("feeds.txt"),
                    output: output))
        }
        let rss = try String(contentsOf: output.appendingPathComponent("rss.xml"), encoding: .utf8)
        #expect(rss.components(separatedBy: "<link>https://alpha.example.com/2026/first</link>").count == 2)
        #expect(rss.components(separatedBy: ": Gamma 2.0 released</title>").count == 2)
        #expect(rss.components(separatedBy: ": Gamma 2.0 released (repeated guid)</title>").count == 2)
        #expect(rss.components(separatedBy: "<item>").count - 1 == 8)
    }

    @Test("two feeds that both number their posts \"1\" give two items with different guids")
    func sameGuidInTwoFeeds() async throws {
        let folder = try TemporaryFolder().url
        func feed(_ site: String) -> String {
            """
            <?xml version="1.0"?><rss version="2.0"><channel><title>\(site)</title><link>https://\(site)/</link>
            <item><title>Hello from \(site)</title><link>https://\(site)/hello</link><guid isPermaLink="false">1</guid>
            <pubDate>Tue, 01 Dec 2026 10:00:00 +0000</pubDate></item></channel></rss>
            """
        }
        try feed("one.example").write(to: folder.appendingPathComponent("one.xml"), atomically: true, encoding: .utf8)
        try feed("two.example").write(to: folder.appendingPathComponent("two.xml"), atomically: true, encoding: .utf8)
        try "title = Guids\nlink = https://planet.example/\none.xml One\ntwo.xml Two\n"
            .write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("output")
        _ = try await withDeadline {
            try await PlanetBuild.run(options(config: folder.appendingPathComponent("feeds.txt"), output: output))
        }
        let rss = try String(contentsOf: output.appendingPathComponent("rss.xml"), encoding: .utf8)
        let atom = try String(contentsOf: output.appendingPathComponent("atom.xml"), encoding: .utf8)
        let guids = rss.components(separatedBy: "<guid isPermaLink=\"false\">").dropFirst()
            .map { String($0.prefix { $0 != "<" }) }
        #expect(guids.count == 2)
        #expect(Set(guids).count == 2, "\(guids)")
        #expect(guids.allSatisfy { $0.hasPrefix("urn:planet:") })
        // The same ids as atom.xml's, so a reader following either feed sees the same entries.
        for guid in guids { #expect(atom.contains("<id>\(guid)</id>")) }
    }

    @Test("a refused connection fails its feed; the site is built from the others")
    func networkFailureKeepsTheBuildGoing() async throws {
        let folder = try TemporaryFolder().url
        let server = try await LoopbackServer.start([:])
        let unreachable = server.url(for: "/feed.xml")
        await server.stop()  // the port is closed now: connecting is refused
        let feeds = Self.fixtures.appendingPathComponent("feeds")
        let config = folder.appendingPathComponent("feeds.txt")
        try """
        title = Unreachable
        link = https://planet.example.org/
        \(feeds.appendingPathComponent("alpha-rss2.xml").path) Alpha
        \(unreachable.absoluteString) Unreachable
        """.write(to: config, atomically: true, encoding: .utf8)
        let buildOptions = options(config: config, output: folder.appendingPathComponent("output"))
        let report = try await withDeadline { try await PlanetBuild.run(buildOptions) }
        #expect(report.feedsOK == 1)
        #expect(report.failures.map(\.kind) == [.connectionFailed])
        #expect(report.failures.first?.url == unreachable)
        let index = try String(contentsOf: folder.appendingPathComponent("output/index.html"), encoding: .utf8)
        #expect(index.contains("Alpha &amp; the first post"))
        #expect(index.contains("failing"))
    }
}

/// A fresh folder under the system's temporary folder, unique per call.
struct TemporaryFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("planet-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
}
