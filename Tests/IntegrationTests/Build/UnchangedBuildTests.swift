import FeedParser
import Foundation
import Planet
import PlanetCache
import PlanetFetcher
import Synchronization
import TestSupport
import Testing

/// Nothing changed, nothing written: a build whose feeds all answer 304 and whose inputs did not
/// change leaves every file of the output as it was (bytes, mtime, inode), so `rsync -a`
/// transfers nothing; and every input the site is made of, changed on its own, changes the site.
@Suite("planet build: nothing changed, nothing written")
struct UnchangedBuildTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// 2026-12-04T16:00:00Z, the first build's time.
    static let start = Date(timeIntervalSince1970: 1_796_400_000)
    static let day: TimeInterval = 86_400

    /// A feed whose document can change between builds: 200 with an ETag, 304 when asked with it;
    /// or a failure status once `failing` is set.
    final class ChangingFeed: Sendable {
        private let state: Mutex<(body: Data, version: Int, failing: Int?)>
        /// False: no ETag, every request gets the document (200), as from a server without validators.
        let validators: Bool

        init(_ body: Data, validators: Bool = true) {
            state = Mutex((body, 1, nil))
            self.validators = validators
        }

        func set(_ body: Data) {
            state.withLock {
                $0.body = body
                $0.version += 1
            }
        }
        func fail(_ status: Int) { state.withLock { $0.failing = status } }

        var route: LoopbackRoute {
            LoopbackRoute { request in
                let (body, version, failing) = self.state.withLock { $0 }
                if let failing { return LoopbackResponse(status: failing) }
                let etag = "\"v\(version)\""
                guard self.validators else {
                    return LoopbackResponse(
                        headers: [LoopbackHeader("Content-Type", "application/rss+xml; charset=utf-8")],
                        body: body)
                }
                if request.header("If-None-Match") == etag {
                    return LoopbackResponse(status: 304, headers: [LoopbackHeader("ETag", etag)])
                }
                return LoopbackResponse(
                    headers: [
                        LoopbackHeader("Content-Type", "application/rss+xml; charset=utf-8"),
                        LoopbackHeader("ETag", etag)
                    ], body: body)
            }
        }
    }

    /// A planet folder with its own copy of the templates (so a test can edit them), feeds.txt,
    /// a cache and an output folder.
    struct TestPlanet: Sendable {
        let folder: URL
        var config: URL { folder.appendingPathComponent("feeds.txt") }
        var output: URL { folder.appendingPathComponent("output") }
        var templates: URL { folder.appendingPathComponent("templates") }

        init(settings: [String] = [], feeds: [(URL, String)], feedLines: [String] = []) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "planet-unchanged-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: UnchangedBuildTests.repository.appendingPathComponent("templates"),
                to: templates)
            try writeConfig(settings: settings, feeds: feeds, feedLines: feedLines)
        }

        func writeConfig(settings: [String] = [], feeds: [(URL, String)], feedLines: [String] = []) throws {
            let lines =
                ["title = Unchanged Planet", "link = https://planet.example.org/"] + settings
                + feeds.map { "\($0.0.absoluteString) \($0.1)" } + feedLines
            try (lines.joined(separator: "\n") + "\n").write(to: config, atomically: true, encoding: .utf8)
        }

        /// `planet build` at `start + offset`.
        @discardableResult
        func build(at offset: TimeInterval) async throws -> BuildReport {
            var options = BuildOptions(
                configURL: config, outputURL: output, templatesURL: templates,
                now: UnchangedBuildTests.start.addingTimeInterval(offset),
                cacheURL: folder.appendingPathComponent(".planet/cache.sqlite"))
            options.loopbackOnly = LoopbackGuard()
            return try await PlanetBuild.run(options)
        }

        /// Every file of the output: bytes, mtime (ns) and inode.
        func files() throws -> [String: FileFacts] {
            var result: [String: FileFacts] = [:]
            let enumerator = FileManager.default.enumerator(atPath: output.path)
            while let path = enumerator?.nextObject() as? String {
                var info = stat()
                let full = output.appendingPathComponent(path).path
                guard lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                result[path] = FileFacts(
                    bytes: try Data(contentsOf: URL(fileURLWithPath: full)),
                    mtime: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec),
                    inode: UInt64(info.st_ino))
            }
            return result
        }

        func read(_ name: String) throws -> String {
            try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    struct FileFacts: Equatable {
        var bytes: Data
        var mtime: Int
        var inode: UInt64
    }

    /// An RSS feed of `count` posts dated a day apart, the newest at `newest`.
    static func feed(
        _ prefix: String, count: Int = 2, newest: Date = start.addingTimeInterval(-day),
        body: String = "Body"
    ) -> Data {
        var items = ""
        for number in 0..<count {
            let date = FeedDateParser.rfc822(newest.addingTimeInterval(-Double(number) * day))
            items +=
                "<item><title>\(prefix) post \(number)</title><link>https://\(prefix).example.com/\(number)</link>"
                + "<guid>https://\(prefix).example.com/\(number)</guid><pubDate>\(date)</pubDate>"
                + "<description>\(body) \(number)</description></item>\n"
        }
        return Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>\(prefix) feed</title><link>https://\(prefix).example.com/</link>
            <description>d</description>
            \(items)</channel></rss>
            """.utf8)
    }

    /// Builds at 0 (the documents), 600 (every feed 304: the status says so) and 1,200 (nothing
    /// changed: nothing read beyond the cache, nothing written); returns the files after 600.
    static func settle(_ planet: TestPlanet) async throws -> [String: FileFacts] {
        try await planet.build(at: 0)
        try await planet.build(at: 600)
        let settled = try planet.files()
        let again = try await planet.build(at: 1_200)
        #expect(again.siteReused && again.filesWritten == 0)
        #expect(try planet.files() == settled)
        return settled
    }

    @Test("builds whose feeds all answer 304 keep every file: bytes, mtime and inode")
    func allNotModifiedWritesNothing() async throws {
        try await withDeadline {
            let one = ChangingFeed(Self.feed("one"))
            let two = ChangingFeed(Self.feed("two"))
            let server = try await LoopbackServer.start(["/one.xml": one.route, "/two.xml": two.route])
            let planet = try TestPlanet(feeds: [
                (server.url(for: "/one.xml"), "One"), (server.url(for: "/two.xml"), "Two")
            ])
            defer { planet.remove() }
            let first = try await planet.build(at: 0)
            #expect(!first.siteReused && first.filesWritten > 0)
            let afterFirst = try planet.files()
            let second = try await planet.build(at: 600)
            #expect(second.feedsOK == 2 && second.feeds.allSatisfy { $0.outcome == .notModified })
            let settled = try planet.files()
            // The first 304s after a build that fetched documents write nothing either.
            #expect(settled == afterFirst)
            #expect(
                settled.keys.contains("status.json") && settled.keys.contains("status.html")
                    && settled.keys.contains("static/planet.css"))
            for offset in [1_200.0, 1_800, 7_200] {
                let report = try await planet.build(at: offset)
                #expect(report.siteReused && report.filesWritten == 0 && report.entries == 4)
                #expect(report.feeds.map(\.outcome) == [.notModified, .notModified])
                #expect(try planet.files() == settled, "build at +\(offset) s")
            }
            // The site says when it last changed: the first build. The 304s at +600 s change nothing
            // it shows (a 304 is published as "ok", HTTP 200, like the document it confirms).
            #expect(try planet.read("status.json").contains(#""generated": "2026-12-04T16:00:00Z""#))
            #expect(try planet.read("index.html").contains(#"datetime="2026-12-04T16:00:00Z""#))

            // A change of the cache that shows nowhere (a hidden value no entry has) makes the
            // build render again; the bytes are the same, so nothing is written either.
            let cache = try FeedCache(path: planet.folder.appendingPathComponent(".planet/cache.sqlite").path)
            #expect(try await cache.hide("https://nowhere.example/post", now: Self.start))
            let rendered = try await planet.build(at: 9_000)
            #expect(!rendered.siteReused && rendered.filesWritten == 0)
            #expect(try planet.files() == settled)
            await server.stop()
        }
    }

    @Test(
        """
        a status template written before cache schema v8 still gets last_success, last_attempt and failure_streak, \
        current on every build
        """)
    func statusTemplateOfBeforeV8() async throws {
        try await withDeadline {
            let one = ChangingFeed(Self.feed("one"))
            let server = try await LoopbackServer.start(["/one.xml": one.route])
            let planet = try TestPlanet(feeds: [(server.url(for: "/one.xml"), "One")])
            defer { planet.remove() }
            // As an admin wrote it for the variables of schema v7 ("Last success: never" if they are gone).
            try """
            {{#feeds_status}}{{name}}: last success \
            {{#last_success}}{{last_success}}{{/last_success}}{{^last_success}}never{{/last_success}}, \
            last attempt {{last_attempt}}, {{failure_streak}} failures in a row
            {{/feeds_status}}
            """.write(
                to: planet.templates.appendingPathComponent("status.html.mustache"), atomically: true,
                encoding: .utf8)
            try await planet.build(at: 0)
            #expect(
                try planet.read("status.html")
                    == "One: last success 2026-12-04T16:00:00Z, last attempt 2026-12-04T16:00:00Z, "
                    + "0 failures in a row\n")
            // Every feed answers 304 and nothing else changes: the page still shows this build's success.
            for offset in [600.0, 1_200] {
                let report = try await planet.build(at: offset)
                #expect(!report.siteReused)
                let at = FeedDateParser.rfc3339(Self.start.addingTimeInterval(offset))
                #expect(
                    try planet.read("status.html")
                        == "One: last success \(at), last attempt \(at), 0 failures in a row\n")
            }
            one.fail(500)
            try await planet.build(at: 1_800)
            #expect(
                try planet.read("status.html")
                    == "One: last success 2026-12-04T16:20:00Z, last attempt 2026-12-04T16:30:00Z, "
                    + "1 failures in a row\n")
            await server.stop()
        }
    }

    /// One input of the site, and how to change it.
    enum Change: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case newEntry, changedEntry, changedEntryWithoutValidators, setting, feedName, template, linkedTemplate,
            staticFile, linkedStaticFile, page, face,
            hidden, failing,
            outputEdited, outputFileRemoved, outputFileAdded
        var testDescription: String { rawValue }
    }

    @Test("each input, changed on its own, changes the site", arguments: Change.allCases)
    func eachInputChangesTheSite(_ change: Change) async throws {
        try await withDeadline {
            // Feed three answers 200 with the same bytes every time: what a server without validators does.
            let one = ChangingFeed(Self.feed("one"))
            let two = ChangingFeed(Self.feed("two"))
            let three = ChangingFeed(Self.feed("three"), validators: false)
            let server = try await LoopbackServer.start([
                "/one.xml": one.route, "/two.xml": two.route,
                "/three.xml": three.route
            ])
            let feeds = [
                (server.url(for: "/one.xml"), "One"), (server.url(for: "/two.xml"), "Two"),
                (server.url(for: "/three.xml"), "Three")
            ]
            let planet = try TestPlanet(feeds: feeds, feedLines: ["    face = one.png"])
            defer { planet.remove() }
            let faces = planet.folder.appendingPathComponent("faces")
            try FileManager.default.createDirectory(at: faces, withIntermediateDirectories: true)
            try Data([0x89, 0x50, 0x4E, 0x47, 1]).write(to: faces.appendingPathComponent("one.png"))
            let pages = planet.folder.appendingPathComponent("pages")
            try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
            try "# About\n\nHello.\n".write(
                to: pages.appendingPathComponent("about.md"), atomically: true, encoding: .utf8)
            // A theme kept outside the templates folder and linked in (the entry partial, the CSS).
            let theme = planet.folder.appendingPathComponent("theme")
            if change == .linkedTemplate || change == .linkedStaticFile {
                try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
                for path in ["partials/entry.mustache", "static/planet.css"] {
                    let inTemplates = planet.templates.appendingPathComponent(path)
                    let outside = theme.appendingPathComponent(inTemplates.lastPathComponent)
                    try FileManager.default.moveItem(at: inTemplates, to: outside)
                    try FileManager.default.createSymbolicLink(at: inTemplates, withDestinationURL: outside)
                }
            }
            let settled = try await Self.settle(planet)

            var changed: [String]  // files that must differ
            switch change {
            case .newEntry:
                one.set(Self.feed("one", count: 3, newest: Self.start.addingTimeInterval(-600)))
                changed = ["index.html", "rss.xml", "atom.xml", "feed.json", "status.json"]
            case .changedEntry:
                two.set(Self.feed("two", body: "Changed body"))
                changed = ["index.html", "rss.xml", "atom.xml", "feed.json"]
            case .changedEntryWithoutValidators:
                // The outcome is "ok" as before: only the cache's content says that something changed.
                three.set(Self.feed("three", body: "Changed body"))
                changed = ["index.html", "rss.xml", "atom.xml", "feed.json"]
            case .setting:
                try planet.writeConfig(
                    settings: ["description = Now with a description"], feeds: feeds,
                    feedLines: ["    face = one.png"])
                changed = ["rss.xml", "atom.xml"]
            case .feedName:
                try planet.writeConfig(
                    feeds: [feeds[0], (feeds[1].0, "Two Renamed"), feeds[2]], feedLines: ["    face = one.png"])
                changed = ["index.html", "opml.xml", "status.json"]
            case .template:
                let index = planet.templates.appendingPathComponent("index.html.mustache")
                try (try String(contentsOf: index, encoding: .utf8) + "<!-- edited -->\n")
                    .write(to: index, atomically: true, encoding: .utf8)
                changed = ["index.html"]
            case .linkedTemplate:
                let entry = theme.appendingPathComponent("entry.mustache")
                try (try String(contentsOf: entry, encoding: .utf8) + "<!-- edited -->\n")
                    .write(to: entry, atomically: true, encoding: .utf8)
                changed = ["index.html"]
            case .linkedStaticFile:
                #expect(settled["static/planet.css"] != nil, "a linked static file is published")
                let css = theme.appendingPathComponent("planet.css")
                try (try String(contentsOf: css, encoding: .utf8) + "/* edited */\n").write(
                    to: css, atomically: true, encoding: .utf8)
                changed = ["static/planet.css"]
            case .staticFile:
                let css = planet.templates.appendingPathComponent("static/planet.css")
                try (try String(contentsOf: css, encoding: .utf8) + "/* edited */\n").write(
                    to: css, atomically: true, encoding: .utf8)
                changed = ["static/planet.css"]
            case .page:
                try "# About\n\nHello again.\n".write(
                    to: pages.appendingPathComponent("about.md"), atomically: true, encoding: .utf8)
                changed = ["about.html"]
            case .face:
                try Data([0x89, 0x50, 0x4E, 0x47, 2]).write(to: faces.appendingPathComponent("one.png"))
                changed = ["faces/one.png"]
            case .hidden:
                let cache = try FeedCache(path: planet.folder.appendingPathComponent(".planet/cache.sqlite").path)
                #expect(try await cache.hide("https://two.example.com/0", now: Self.start))
                changed = ["index.html", "rss.xml"]
            case .failing:
                two.fail(500)
                changed = ["index.html", "status.json", "status.html"]
            case .outputEdited:
                try Data("edited by hand".utf8).write(to: planet.output.appendingPathComponent("index.html"))
                changed = ["index.html"]
            case .outputFileRemoved:
                try FileManager.default.removeItem(at: planet.output.appendingPathComponent("rss.xml"))
                changed = ["rss.xml"]
            case .outputFileAdded:
                try Data("stray".utf8).write(to: planet.output.appendingPathComponent("stray.txt"))
                changed = ["stray.txt"]
            }
            let report = try await planet.build(at: 1_800)
            #expect(!report.siteReused, "\(change)")
            let after = try planet.files()
            switch change {
            case .outputEdited, .outputFileRemoved, .outputFileAdded:
                // Nothing the site is made of changed: the output is put back as the last build left
                // it, byte for byte, and only the file that was touched is written.
                #expect(after.mapValues(\.bytes) == settled.mapValues(\.bytes), "\(change)")
                #expect(report.filesWritten <= 1, "\(change): \(report.filesWritten) files written")
                for (name, facts) in settled where name != changed[0] {
                    #expect(after[name] == facts, "\(change): \(name)")
                }
            default:
                for name in changed {
                    #expect(after[name]?.bytes != settled[name]?.bytes, "\(change): \(name) did not change")
                }
                // The subscription list did not change: opml.xml is not rewritten (it was, for a
                // dateCreated that followed every change of the site).
                if [.newEntry, .changedEntry, .hidden, .failing].contains(change) {
                    #expect(after["opml.xml"] == settled["opml.xml"], "\(change): opml.xml was rewritten")
                }
            }
            // Two builds later there is nothing left to do (a document that changed answers 304 next,
            // which the status says once).
            try await planet.build(at: 2_400)
            #expect(try await planet.build(at: 3_000).siteReused, "\(change)")
            await server.stop()
        }
    }

    /// A rule that compares a date with the build time, and a feed that meets it at `flip`.
    enum TimeRule: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case futureDate, daysPerPage, activityThreshold
        var testDescription: String { rawValue }
    }

    @Test(
        "time alone changes the site when a date rule flips: no build after that keeps the old site",
        arguments: TimeRule.allCases)
    func timeRules(_ rule: TimeRule) async throws {
        try await withDeadline {
            let body: Data
            var settings: [String] = []
            switch rule {
            case .futureDate:  // dated tomorrow: placed by when it was first seen until then
                body = Self.feed("one", count: 1, newest: Self.start.addingTimeInterval(Self.day))
            case .daysPerPage:  // 29 days old: leaves a 30-day page in a day
                body = Self.feed("one", count: 1, newest: Self.start.addingTimeInterval(-29 * Self.day))
                settings = ["days_per_page = 30"]
            case .activityThreshold:  // newest post 9 days old: inactive in a day
                body = Self.feed("one", count: 1, newest: Self.start.addingTimeInterval(-9 * Self.day))
                settings = ["activity_threshold = 10"]
            }
            let one = ChangingFeed(body)
            let two = ChangingFeed(Self.feed("two"))
            let server = try await LoopbackServer.start(["/one.xml": one.route, "/two.xml": two.route])
            let planet = try TestPlanet(
                settings: settings,
                feeds: [(server.url(for: "/one.xml"), "One"), (server.url(for: "/two.xml"), "Two")])
            defer { planet.remove() }
            let settled = try await Self.settle(planet)
            // Half a day on: nothing flipped yet.
            #expect(try await planet.build(at: Self.day / 2).siteReused)
            // Two days on: the rule decides otherwise, with every feed still answering 304.
            let report = try await planet.build(at: 2 * Self.day)
            #expect(!report.siteReused && report.filesWritten > 0)
            let after = try planet.files()
            switch rule {
            case .futureDate:
                #expect(after["index.html"]?.bytes != settled["index.html"]?.bytes)
                #expect(
                    try planet.read("index.html").contains(
                        FeedDateParser.rfc3339(Self.start.addingTimeInterval(Self.day))))
            case .daysPerPage:
                #expect(!(try planet.read("index.html").contains("one post 0")))
            case .activityThreshold:
                #expect(try planet.read("status.html").contains("(inactive)"))
            }
            await server.stop()
        }
    }

    @Test("an entry updated in the future is shown as updated at the build time, so each build writes")
    func futureUpdatedChangesEveryBuild() async throws {
        try await withDeadline {
            let updated = FeedDateParser.rfc3339(Self.start.addingTimeInterval(10 * Self.day))
            let atom = Data(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <feed xmlns="http://www.w3.org/2005/Atom"><title>a</title><id>urn:a</id><updated>\(updated)</updated>
                <link href="https://a.example/"/><entry><title>t</title><id>urn:a:1</id>\
                <link href="https://a.example/1"/>
                <published>2026-12-01T00:00:00Z</published><updated>\(updated)</updated><content>c</content></entry>\
                </feed>
                """.utf8)
            let feed = ChangingFeed(atom)
            let server = try await LoopbackServer.start(["/a.xml": feed.route])
            let planet = try TestPlanet(feeds: [(server.url(for: "/a.xml"), "A")])
            defer { planet.remove() }
            try await planet.build(at: 0)
            try await planet.build(at: 600)
            let before = try planet.files()
            let report = try await planet.build(at: 1_200)
            #expect(!report.siteReused && report.filesWritten > 0)
            #expect(try planet.files()["atom.xml"]?.bytes != before["atom.xml"]?.bytes)
            await server.stop()
        }
    }
}
