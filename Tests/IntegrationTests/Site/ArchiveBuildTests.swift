import FeedParser
import Foundation
import Planet
import PlanetCLI
import PlanetFetcher
import Synchronization
import TestSupport
import Testing

/// Archive pages (`page/2.html` …, setting `archive_pages`) and a German-locale planet, through
/// the whole build.
@Suite("planet build: archive pages and a German-locale page")
struct ArchiveBuildTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let repository = fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let now = Date(timeIntervalSince1970: 1_796_400_000)  // 2026-12-04T16:00:00Z

    /// Options with the repository's templates (or `templates`) and a cache beside the output.
    static func options(config: URL, output: URL, templates: URL? = nil) -> BuildOptions {
        var options = BuildOptions(
            configURL: config, outputURL: output,
            templatesURL: templates ?? repository.appendingPathComponent("templates"), now: now,
            cacheURL: output.deletingLastPathComponent().appendingPathComponent("cache.sqlite"))
        options.loopbackOnly = LoopbackGuard()
        return options
    }

    /// An RSS 2.0 feed of `count` items `PREFIX post N` (link `https://PREFIX.example.com/N`),
    /// item N published N hours before 2026-12-01T00:00:00Z.
    static func feed(_ prefix: String, count: Int, titles: [Int: String] = [:]) -> Data {
        let start = Date(timeIntervalSince1970: 1_796_083_200)
        let items = (1...count).map { number in
            "<item><title>\(titles[number] ?? "\(prefix) post \(number)")</title>"
                + "<link>https://\(prefix).example.com/\(number)</link>"
                + "<guid>https://\(prefix).example.com/\(number)</guid>"
                + "<pubDate>\(FeedDateParser.rfc822(start.addingTimeInterval(-3600 * Double(number))))</pubDate></item>"
        }
        return Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>\(prefix)</title><link>https://\(prefix).example.com/</link>
            <description>d</description>\(items.joined(separator: "\n"))</channel></rss>
            """.utf8)
    }

    /// A planet folder: feeds.txt of `settings` and the feeds (file name → bytes) beside it.
    static func planet(_ settings: [String], feeds: [(file: String, name: String, data: Data)]) throws -> URL {
        let folder = try TemporaryFolder().url
        for feed in feeds { try feed.data.write(to: folder.appendingPathComponent(feed.file)) }
        let lines =
            ["title = Archive Planet", "link = https://planet.example.org/"] + settings
            + feeds.map { "\($0.file) \($0.name)" }
        try (lines.joined(separator: "\n") + "\n").write(
            to: folder.appendingPathComponent("feeds.txt"),
            atomically: true, encoding: .utf8)
        return folder
    }

    /// The entry links of a page, in order (the default entry partial's title link).
    static func links(_ page: String) -> [String] {
        page.components(separatedBy: "<h3 class=\"entry-title\" dir=\"auto\"><a href=\"").dropFirst()
            .map { String($0.prefix { $0 != "\"" }) }
    }

    /// Every page of the river: index.html, then page/2.html … while they exist.
    static func riverPages(_ output: URL) throws -> [String] {
        var pages = [try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)]
        while case let url = output.appendingPathComponent("page/\(pages.count + 1).html"),
            FileManager.default.fileExists(atPath: url.path)
        {
            pages.append(try String(contentsOf: url, encoding: .utf8))
        }
        return pages
    }

    @Test("a German-locale planet with archive pages renders index.html, page/2.html and page/3.html byte for byte")
    func germanArchiveGolden() async throws {
        let output = try TemporaryFolder().url.appendingPathComponent("output")
        let config = Self.fixtures.appendingPathComponent("build-de/feeds.txt")
        let report = try await withDeadline { try await PlanetBuild.run(Self.options(config: config, output: output)) }
        #expect(report.failures.isEmpty)
        for name in ["index.html", "page/2.html", "page/3.html"] {
            let actual = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
            assertGolden(actual, path: Self.fixtures.appendingPathComponent("build-de/golden/\(name)"))
        }
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("page/4.html").path))
        // The merged feeds hold the index's entries only.
        let rss = try String(contentsOf: output.appendingPathComponent("rss.xml"), encoding: .utf8)
        #expect(rss.components(separatedBy: "<item>").count - 1 == 3)
    }

    @Test(
        """
        filters, hidden entries, duplicates, backlog and per-feed caps shape every archive page as they shape the \
        index
        """
    )
    func archivePagesFollowTheRules() async throws {
        let folder = try Self.planet(
            [
                "items_per_page = 4", "items_per_feed = 2", "new_feed_items = 10", "archive_pages = 20",
                "exclude = title:/secret/"
            ],
            feeds: [
                ("a.xml", "A", Self.feed("a", count: 14, titles: [3: "a secret post"])),
                ("b.xml", "B", Self.feed("b", count: 5)),
                // c's post 1 is a copy of a's post 2 (same link): a's own copy stays.
                (
                    "c.xml", "C",
                    Data(
                        String(decoding: Self.feed("c", count: 3), as: UTF8.self)
                            .replacingOccurrences(
                                of: "<link>https://c.example.com/1</link>",
                                with: "<link>https://a.example.com/2</link>"
                            ).utf8)
                )
            ])
        let config = folder.appendingPathComponent("feeds.txt")
        let output = folder.appendingPathComponent("output")
        _ = try await withDeadline { try await PlanetBuild.run(Self.options(config: config, output: output)) }
        let cache = output.deletingLastPathComponent().appendingPathComponent("cache.sqlite")
        let hide = await Self.run(["hide", "https://a.example.com/5", "--config", config.path, "--cache", cache.path])
        #expect(hide.status == 0, "\(hide.err)")
        _ = try await withDeadline {
            var options = Self.options(config: config, output: output)
            options.offline = true
            return try await PlanetBuild.run(options)
        }
        let pages = try Self.riverPages(output).map(Self.links)
        let all = pages.flatMap { $0 }
        // a: 14 posts, the oldest 4 a first fetch's backlog (new_feed_items = 10), one excluded,
        // one hidden: 8; b: 5; c: 3, one a copy of a's post: 2.
        let expected = Set(
            (1...10).filter { $0 != 3 && $0 != 5 }.map { "https://a.example.com/\($0)" }
                + (1...5).map { "https://b.example.com/\($0)" } + (2...3).map { "https://c.example.com/\($0)" })
        #expect(Set(all) == expected)
        #expect(all.count == Set(all).count, "a post on two pages: \(pages)")
        for page in pages {
            #expect(page.count <= 4)
            let byFeed = Dictionary(grouping: page) { URL(string: $0)?.host ?? "" }
            #expect(byFeed.values.allSatisfy { $0.count <= 2 }, "\(page)")
        }
        // The last pages hold only a's posts, two a page.
        #expect(pages.map(\.count) == [4, 4, 4, 2, 1], "\(pages)")
    }

    @Test("fewer archive pages remove the pages gone; archive_pages = 0 removes the folder and the links")
    func pagesThatNoLongerExistAreRemoved() async throws {
        let folder = try Self.planet(
            ["items_per_page = 5", "items_per_feed = 5", "archive_pages = 3"],
            feeds: [("a.xml", "A", Self.feed("a", count: 40))])
        let config = folder.appendingPathComponent("feeds.txt")
        let output = folder.appendingPathComponent("output")
        func build(_ archivePages: Int) async throws {
            let text = try String(contentsOf: config, encoding: .utf8)
            try text.replacing(#/archive_pages = \d+/#, with: "archive_pages = \(archivePages)")
                .write(to: config, atomically: true, encoding: .utf8)
            _ = try await withDeadline {
                var options = Self.options(config: config, output: output)
                options.offline = archivePages != 3
                return try await PlanetBuild.run(options)
            }
        }
        func exists(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path)
        }
        try await build(3)
        #expect(exists("page/2.html") && exists("page/4.html") && !exists("page/5.html"))
        var index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<link rel=\"next\" href=\"page/2.html\">"))
        #expect(index.contains("<a href=\"page/4.html\">4</a>"))
        let last = try String(contentsOf: output.appendingPathComponent("page/4.html"), encoding: .utf8)
        #expect(last.contains("<link rel=\"prev\" href=\"3.html\">") && !last.contains("rel=\"next\""))
        #expect(last.contains("<link rel=\"stylesheet\" href=\"../static/planet.css\">"))
        #expect(Self.links(last) == (16...20).map { "https://a.example.com/\($0)" })

        try await build(1)
        #expect(exists("page/2.html") && !exists("page/3.html") && !exists("page/4.html"))
        index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!index.contains("page/3.html"))

        try await build(0)
        #expect(!exists("page"))
        index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!index.contains("page/2.html") && !index.contains("class=\"pager\""))
    }

    @Test("templates without _archive.html.mustache get no archive pages; a set archive_pages then warns")
    func templatesWithoutArchiveTemplate() async throws {
        let folder = try Self.planet(
            ["items_per_page = 2", "archive_pages = 2"], feeds: [("a.xml", "A", Self.feed("a", count: 9))])
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("templates"), to: templates)
        try FileManager.default.removeItem(at: templates.appendingPathComponent("_archive.html.mustache"))
        let output = folder.appendingPathComponent("output")
        let report = try await withDeadline {
            try await PlanetBuild.run(
                Self.options(
                    config: folder.appendingPathComponent("feeds.txt"), output: output,
                    templates: templates))
        }
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("page").path))
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(Self.links(index).count == 2 && !index.contains("page/2.html"))
        #expect(report.configWarnings.contains { $0.contains("_archive.html.mustache") }, "\(report.configWarnings)")
    }

    @Test("archive pages of a feed larger than the heads read at first are the newest entries, in order")
    func archiveBeyondTheFirstHeads() async throws {
        // 5 pages of 20 = 100 entries; the build first reads the newest 400 heads of 600.
        let folder = try Self.planet(
            ["items_per_page = 20", "items_per_feed = 20", "archive_pages = 4"],
            feeds: [("a.xml", "A", Self.feed("a", count: 600)), ("b.xml", "B", Self.feed("b", count: 3))])
        let output = folder.appendingPathComponent("output")
        _ = try await withDeadline {
            try await PlanetBuild.run(Self.options(config: folder.appendingPathComponent("feeds.txt"), output: output))
        }
        let pages = try Self.riverPages(output).map(Self.links)
        #expect(pages.count == 5)
        // b's three posts are as old as a's 1 to 3 and sort after them (feed URL breaks the tie).
        let expected =
            (1...3).flatMap { ["https://a.example.com/\($0)", "https://b.example.com/\($0)"] }
            + (4...97).map { "https://a.example.com/\($0)" }
        #expect(pages.flatMap { $0 } == expected)
    }

    private static func run(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let out = Mutex("")
        let err = Mutex("")
        let io = CommandIO(
            out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } },
            environment: LoopbackOnly.environment(), currentDirectory: FileManager.default.temporaryDirectory)
        let status = await PlanetCommand.run(arguments, io: io)
        return (status, out.withLock { $0 }, err.withLock { $0 })
    }
}
