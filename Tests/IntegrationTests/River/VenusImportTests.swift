import Foundation
import Planet
import PlanetCLI
import Synchronization
import TestSupport
import Testing

/// `planet import config.ini` of a Venus planet (Fixtures/venus, modelled on Planet Python's
/// config) then `planet build`.
@Suite("planet import of a Venus config.ini, then build")
struct VenusImportTests {
    static func feed(_ prefix: String, categories: [String]) -> Data {
        let items = categories.enumerated().map { index, category in
            "<item><title>\(prefix) \(category) \(index + 1)</title>"
                + "<link>https://\(prefix).example.com/\(index + 1)</link>"
                + "<guid>https://\(prefix).example.com/\(index + 1)</guid><category>\(category)</category>"
                + "<pubDate>\(index + 1) Nov 2026 10:00:00 GMT</pubDate></item>"
        }
        return Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>\(prefix)</title><link>https://\(prefix).example.com/</link>
            <description>d</description>\(items.joined(separator: "\n"))</channel></rss>
            """.utf8)
    }

    @Test("faces, a category filter and Venus's new_feed_items = 2 (items_per_feed) carry over; ignored listed once")
    func importThenBuild() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/jane.xml": .ok(Self.feed("jane", categories: ["python", "cooking", "Python", "python"])),
                "/joe.xml": .ok(Self.feed("joe", categories: ["a", "b", "c", "d", "sponsored"])),
                "/people.opml": .ok("<opml version=\"2.0\"><body></body></opml>", contentType: "text/x-opml")
            ])
            let fixture = try #require(Bundle.module.resourceURL?.appendingPathComponent("Fixtures/venus"))
            let planet = try CronPlanet(feeds: [])
            defer { planet.remove() }
            try FileManager.default.removeItem(at: planet.config)
            let venus = planet.folder.appendingPathComponent("venus")
            try FileManager.default.copyItem(at: fixture, to: venus)
            let root = server.url(for: "/").absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let ini = try String(contentsOf: venus.appendingPathComponent("config.ini"), encoding: .utf8)
                .replacingOccurrences(of: "[SERVER/", with: "[\(root)/")
            try ini.write(to: venus.appendingPathComponent("config.ini"), atomically: true, encoding: .utf8)

            let imported = await run([
                "import", venus.appendingPathComponent("config.ini").path,
                "--config", planet.config.path
            ])
            #expect(imported.status == 0, "\(imported.err)")
            let ignored = imported.err.split(separator: "\n").filter { $0.hasPrefix("planet import: ignored: ") }
            #expect(ignored.count == 1, "\(imported.err)")
            let line = String(ignored.first ?? "")
            for item in [
                "cache_directory (Planet)",
                "feed_timeout (Planet): use 'planet build --timeout SECONDS'",
                "filters = mememe.plugin (Planet)", "filters = excerpt.py (index.html.tmpl)"
            ] {
                #expect(line.contains(item), "\(item) missing from \(line)")
            }
            // The index template's own days_per_page is the planet's (issue 25: it was named ignored).
            #expect(!line.contains("days_per_page"), "\(line)")
            #expect(
                imported.err.contains(
                    "planet import: note: days_per_page = 60 (index.html.tmpl): Venus's option for the index page → "
                        + "days_per_page = 60 planet-wide"), "\(imported.err)")
            // The theme is named where it is not found (ThemeImportBuildTests converts one that is).
            #expect(
                imported.err.contains("planet import: theme: output_theme = classic_fancy: no folder classic_fancy"))
            #expect(imported.err.contains("planet import: theme: template rss20.xml.tmpl: not found"))
            #expect(!line.contains("output_theme") && !line.contains("template_files"))
            #expect(!line.contains("facewidth") && !line.contains("future_dates") && !line.contains("xpath_sifter"))
            #expect(!line.contains("date_format") && !line.contains("locale"), "\(line)")
            let text = try String(contentsOf: planet.config, encoding: .utf8)
            // Venus's day heading and entry date formats and its POSIX locale carry over.
            for setting in ["locale = en-US", "date_format = %B %d, %Y", "time_format = %B %d, %Y %I:%M %p"] {
                #expect(text.contains("\n\(setting)\n"), "\(setting) missing from \(text)")
            }
            // A Venus config (output_theme, filters): new_feed_items is its per-feed cap on the page.
            #expect(text.contains("items_per_feed = 2\n") && text.contains("face_width = 64\n"))
            #expect(text.contains("\ndays_per_page = 60\n") && !text.contains("days_per_page = 0"), "\(text)")
            #expect(!text.contains("new_feed_items"), "\(text)")
            #expect(imported.err.contains("planet import: note: new_feed_items = 2 (Planet): read as Planet Venus's"))
            #expect(text.contains("\n    face = jane.png\n") && text.contains("\n    include = category:python\n"))
            #expect(text.contains("\n    twitter = @janedoe\n") && text.contains("\n    exclude = text:/sponsored/\n"))
            #expect(text.contains("\n    ignore_updated = yes\n"))
            #expect(text.contains("\nlist \(root)/people.opml\n"))
            #expect(FileManager.default.fileExists(atPath: planet.folder.appendingPathComponent("faces/jane.png").path))

            let built = await planet.build()
            #expect(built.status == 0, "\(built.err)")
            let page = try planet.read("index.html")
            // new_date_format's heading and date_format's entry date, with en-US names.
            #expect(page.contains(">November 04, 2026</time></h2>"), "\(page)")
            #expect(page.contains(">November 04, 2026 10:00 AM</time>"), "\(page)")
            #expect(
                page.contains(
                    "<img class=\"face\" src=\"faces/jane.png\" alt=\"Jane Doe\" width=\"64\" height=\"64\" "
                        + "loading=\"lazy\">"
                ))
            #expect(FileManager.default.fileExists(atPath: planet.output.appendingPathComponent("faces/jane.png").path))
            // Jane: python entries only, at most 2; Joe: at most 2 of those that pass, never "sponsored"
            // (the cap counts what the filters let through: 2 shown, as Venus shows them).
            #expect(
                page.contains("jane python 4") && page.contains("jane Python 3") && !page.contains("cooking"), "\(page)"
            )
            #expect(!page.contains("jane python 1<"))
            #expect(page.contains("joe d 4") && !page.contains("sponsored") && page.contains("joe c 3"), "\(page)")
            #expect(!page.contains("joe b 2"))
            // Joe's own link (Venus: it overrides the feed's), given without a scheme, is the sidebar's.
            #expect(imported.err.contains("note: link = joe.example.org/home ("), "\(imported.err)")
            #expect(page.contains("<a href=\"https://joe.example.org/home\">Joe Roe</a>"), "\(page)")
            await server.stop()
        }
    }

    private func run(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let out = Mutex("")
        let err = Mutex("")
        let io = CommandIO(
            out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } },
            environment: LoopbackOnly.environment(), currentDirectory: FileManager.default.temporaryDirectory)
        let status = await PlanetCommand.run(arguments, io: io)
        return (status, out.withLock { $0 }, err.withLock { $0 })
    }
}
