import Foundation
import Planet
import PlanetCLI
import Synchronization
import TestSupport
import Testing

/// `planet import` of a Venus planet with its theme (`output_theme`) and of a Planet 2.x planet
/// with its `template_files` (Fixtures/themes), then `planet build`: the theme's layout, every
/// entry, the channel headers, faces and static files, and each feed at its old name. The built
/// RSS 1.0 and 2.0 files are read by Python's feedparser, the FOAF and OPML files by Python's XML
/// parser (`PLANET_FEEDPARSER_PYTHON`, else `python3`: the test is cancelled, saying so, when
/// neither has feedparser).
@Suite("planet import of a Venus or Planet 2.x theme, then build")
struct ThemeImportBuildTests {
    static let feeds: [String: LoopbackRoute] = [
        "/jane.xml": .ok(
            Data(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <rss version="2.0"><channel><title>Jane's Kitchen</title><link>https://jane.example.com/</link>
                <description>d</description>
                <item><title>Bread &amp; butter</title><link>https://jane.example.com/1</link>
                <guid>https://jane.example.com/1</guid><pubDate>2 Nov 2026 10:00:00 GMT</pubDate>
                <description>&lt;p&gt;Flour &amp;amp; water&lt;/p&gt;</description></item>
                <item><title>Soup</title><link>https://jane.example.com/2</link>
                <guid>https://jane.example.com/2</guid><pubDate>2 Nov 2026 11:00:00 GMT</pubDate>
                <description>&lt;p&gt;Leeks&lt;/p&gt;</description></item>
                </channel></rss>
                """.utf8)),
        "/joe.xml": .ok(
            Data(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <rss version="2.0"><channel><title>Joe's Garage</title><link>https://joe.example.com/</link>
                <description>d</description>
                <item><title>Oil change</title><link>https://joe.example.com/1</link>
                <guid>https://joe.example.com/1</guid><pubDate>3 Nov 2026 09:00:00 GMT</pubDate>
                <description>Drain it</description></item>
                </channel></rss>
                """.utf8))
    ]

    /// The fixture `name` copied into `planet`'s folder with SERVER replaced in `configPath`.
    static func copyFixture(_ name: String, configPath: String, into planet: CronPlanet, server: LoopbackServer)
        throws -> URL
    {
        let fixture = try #require(Bundle.module.resourceURL?.appendingPathComponent("Fixtures/themes/" + name))
        let copy = planet.folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: fixture, to: copy)
        let root = server.url(for: "/").absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let config = copy.appendingPathComponent(configPath)
        let ini = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(
            of: "[SERVER/", with: "[\(root)/")
        try ini.write(to: config, atomically: true, encoding: .utf8)
        return config
    }

    @Test("Venus: output_theme's templates and bill_of_materials; rss20.xml stays rss20.xml")
    func venusTheme() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(Self.feeds)
            let planet = try CronPlanet(feeds: [])
            defer { planet.remove() }
            try FileManager.default.removeItem(at: planet.config)
            let config = try Self.copyFixture("venus", configPath: "config.ini", into: planet, server: server)
            let imported = await run(["import", config.path, "--config", planet.config.path])
            #expect(imported.status == 0, "\(imported.err)")
            #expect(
                imported.out.contains(
                    "; theme: index.html, rss20.xml, rss10.xml, foafroll.xml, opml.xml converted into templates/, "
                        + "3 static files copied into templates/root/"), "\(imported.out)")
            let themeFolder = planet.folder.appendingPathComponent("venus/themes/starry").standardizedFileURL.path
            #expect(imported.err.contains("note: output_theme = starry: the theme folder \(themeFolder)\n"))
            #expect(imported.err.contains("theme: template atom.xml.xslt: an XSLT template, not converted"))
            #expect(!imported.err.contains("output_theme (Planet)"), "\(imported.err)")

            let built = await run(
                [
                    "build", "--config", planet.config.path, "--output", planet.output.path, "--now",
                    "2026-12-04T00:00:00Z"
                ])
            await server.stop()
            #expect(built.status == 0, "\(built.err)")
            let page = try planet.read("index.html")
            // The theme's layout: one channel header over each run of one feed, the sidebar, the include.
            #expect(page.contains("<link rel=\"stylesheet\" href=\"planet.css\" type=\"text/css\">"), "\(page)")
            #expect(page.contains("<h1><a href=\"https://starry.example.org/\">Planet Starry &amp; Co</a></h1>"))
            #expect(page.components(separatedBy: "<div class=\"channel\"><h3>").count == 3, "\(page)")
            #expect(page.contains("\">Joe Bloggs</a></h3>") && page.contains("\">Jane Doe</a></h3>"))
            for title in ["Bread &amp; butter", "Soup", "Oil change"] { #expect(page.contains(">\(title)</a></h4>")) }
            #expect(page.contains("<p>Flour &amp; water</p>"), "\(page)")
            #expect(page.contains("<img class=\"face\" src=\"images/jane.png\" width=\"48\" height=\"48\""), "\(page)")
            #expect(page.contains("Joe Bloggs</a> (@joebloggs)</li>"), "\(page)")
            for file in [
                "rss20.xml", "rss10.xml", "foafroll.xml", "opml.xml", "planet.css", "images/feed-icon-10x10.png"
            ] {
                #expect(
                    FileManager.default.fileExists(atPath: planet.output.appendingPathComponent(file).path), "\(file)")
            }
            #expect(
                FileManager.default.fileExists(atPath: planet.output.appendingPathComponent("images/jane.png").path))
            try await Self.readWithPython(planet.output, entries: 3)
        }
    }

    @Test("Planet 2.x: template_files read from the folder planet.py ran in, two above the config")
    func planet2Theme() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(Self.feeds)
            let planet = try CronPlanet(feeds: [])
            defer { planet.remove() }
            try FileManager.default.removeItem(at: planet.config)
            let config = try Self.copyFixture(
                "planet2", configPath: "examples/fancy/config.ini", into: planet, server: server)
            let imported = await run(["import", config.path, "--config", planet.config.path])
            #expect(imported.status == 0, "\(imported.err)")
            let root = planet.folder.appendingPathComponent("planet2").standardizedFileURL.path
            #expect(
                imported.err.contains("note: template paths read from \(root) (2 folders above the config"),
                "\(imported.err)")
            #expect(
                imported.out.contains(
                    "; theme: index.html, rss20.xml, rss10.xml, opml.xml, foafroll.xml converted into templates/"),
                "\(imported.out)")
            #expect(
                imported.err.contains(
                    "theme: index.html.tmpl: variables planet cannot fill: channel_title_plain (index.html.tmpl:12)\n"))

            let built = await run(
                [
                    "build", "--config", planet.config.path, "--output", planet.output.path, "--now",
                    "2026-12-04T00:00:00Z"
                ])
            await server.stop()
            #expect(built.status == 0, "\(built.err)")
            let page = try planet.read("index.html")
            #expect(page.contains("<div class=\"daygroup\">\n<h2>"), "\(page)")
            #expect(page.components(separatedBy: "<div class=\"channelgroup\">").count == 3, "\(page)")
            #expect(page.contains("<img class=\"face\" src=\"images/joe.png\" width=\"64\" height=\"64\""), "\(page)")
            for title in ["Bread &amp; butter", "Soup", "Oil change"] { #expect(page.contains(">\(title)</a></h4>")) }
            #expect(FileManager.default.fileExists(atPath: planet.output.appendingPathComponent("planet.css").path))
            #expect(FileManager.default.fileExists(atPath: planet.output.appendingPathComponent("images/joe.png").path))
            try await Self.readWithPython(planet.output, entries: 3)
        }
    }

    /// What Python's feedparser makes of rss20.xml and rss10.xml (format, entries, well-formed),
    /// and whether foafroll.xml and opml.xml are well-formed XML.
    static let script = """
        import feedparser, json, sys, xml.dom.minidom
        out = {}
        for name in ["rss20.xml", "rss10.xml"]:
            d = feedparser.parse(sys.argv[1] + "/" + name)
            out[name] = {"version": d.version, "bozo": int(d.bozo), "entries": len(d.entries),
                         "titles": [e.get("title") for e in d.entries], "feed_title": d.feed.get("title")}
        for name in ["foafroll.xml", "opml.xml"]:
            xml.dom.minidom.parse(sys.argv[1] + "/" + name)
            out[name] = "ok"
        print(json.dumps(out))
        """

    static func readWithPython(_ output: URL, entries: Int) async throws {
        let python = ProcessInfo.processInfo.environment["PLANET_FEEDPARSER_PYTHON"] ?? "/usr/bin/python3"
        let check = try? await Subprocess.run(
            python, ["-c", "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('feedparser') else 1)"])
        guard check?.status == 0 else {
            try Test.cancel(
                Comment(
                    rawValue: "\(python) has no feedparser: set PLANET_FEEDPARSER_PYTHON to a python3 that has it "
                        + "(python3 -m venv /tmp/fpvenv; /tmp/fpvenv/bin/pip install feedparser)"))
        }
        let outcome = try await Subprocess.run(python, ["-c", script, output.path])
        #expect(outcome.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: outcome.output) as? [String: Any])
        let rss20 = try #require(object["rss20.xml"] as? [String: Any])
        #expect(rss20["version"] as? String == "rss20")
        #expect(rss20["bozo"] as? Int == 0, "\(rss20)")
        #expect(rss20["entries"] as? Int == entries, "\(rss20)")
        #expect((rss20["titles"] as? [String])?.contains("Jane Doe: Bread & butter") == true, "\(rss20)")
        let rss10 = try #require(object["rss10.xml"] as? [String: Any])
        #expect(rss10["version"] as? String == "rss10")
        #expect(rss10["bozo"] as? Int == 0, "\(rss10)")
        #expect(rss10["entries"] as? Int == entries, "\(rss10)")
        #expect(object["foafroll.xml"] as? String == "ok" && object["opml.xml"] as? String == "ok")
    }

    /// `planet ARGUMENTS` (paths given absolute), with what it printed.
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
