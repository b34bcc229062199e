import Foundation
import Planet
import PlanetCLI
import Synchronization
import TestSupport
import Testing

@Suite("planet build: include / exclude rules")
struct FilterBuildTests {
    static func feed() -> Data {
        let items = [("py", "python"), ("sw", "swift"), ("py2", "Python")].enumerated().map { index, item in
            "<item><title>\(item.0) post</title><link>https://c.example.com/\(item.0)</link><guid>"
                + "https://c.example.com/\(item.0)</guid>"
                + "<category>\(item.1)</category><pubDate>\(index + 1) Nov 2026 10:00:00 GMT</pubDate></item>"
        }
        return Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>Cats</title><link>https://c.example.com/</link>\
            <description>d</description>
            \(items.joined(separator: "\n"))</channel></rss>
            """.utf8)
    }

    @Test("a feed's category filter applies, and a changed rule shows on an --offline rebuild")
    func categoryFilterAndOfflineRebuild() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/c.xml": .ok(Self.feed()), "/d.xml": .ok(rssFeed("other"))])
            let planet = try CronPlanet(feeds: [
                (server.url(for: "/c.xml"), "Cats\n    include = category:python"),
                (server.url(for: "/d.xml"), "Other")
            ])
            defer { planet.remove() }
            #expect(await planet.build().status == 0)
            var page = try planet.read("index.html")
            #expect(page.contains("py post") && page.contains("py2 post") && !page.contains("sw post"))
            #expect(page.contains("other post 1"))

            var text = try String(contentsOf: planet.config, encoding: .utf8)
            text = text.replacingOccurrences(of: "include = category:python", with: "exclude = title:/^py/")
            try text.write(to: planet.config, atomically: true, encoding: .utf8)
            let requests = server.requests.count
            #expect(await planet.build(at: 60, ["--offline"]).status == 0)
            #expect(server.requests.count == requests)
            page = try planet.read("index.html")
            #expect(!page.contains("py post") && page.contains("sw post"))
            await server.stop()
        }
    }
}

@Suite("planet hide / unhide / list --hidden")
struct HideTests {
    @Test("a hidden entry leaves the page on the next --offline build and comes back when unhidden")
    func hideAndUnhide() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/a.xml": .ok(rssFeed("a", count: 3))])
            let planet = try CronPlanet(feeds: [(server.url(for: "/a.xml"), "A")])
            defer { planet.remove() }
            #expect(await planet.build().status == 0)
            #expect(try planet.read("index.html").contains("a post 2<"))
            let hide = await runPlanet(["hide", "https://a.example.com/2", "--config", planet.config.path])
            #expect(hide.status == 0, "\(hide.err)")
            #expect(hide.out == "hid 'https://a.example.com/2'; the next build leaves it out\n")
            let listed = await runPlanet(["list", "--hidden", "--config", planet.config.path])
            #expect(listed.out.hasPrefix("https://a.example.com/2  "))
            #expect(await planet.build(at: 60, ["--offline"]).status == 0)
            var page = try planet.read("index.html")
            #expect(!page.contains("a post 2<") && page.contains("a post 1<") && page.contains("a post 3<"))
            #expect(!(try planet.read("rss.xml")).contains("a post 2<"))
            let unhide = await runPlanet(["unhide", "https://a.example.com/2", "--config", planet.config.path])
            #expect(unhide.status == 0)
            let again = await runPlanet(["unhide", "https://a.example.com/2", "--config", planet.config.path])
            #expect(again.status == 2)
            #expect(await planet.build(at: 120, ["--offline"]).status == 0)
            page = try planet.read("index.html")
            #expect(page.contains("a post 2<"))
            await server.stop()
        }
    }
}

/// `planet ARGUMENTS` in-process with captured standard output and error.
func runPlanet(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
    let out = Mutex("")
    let err = Mutex("")
    let io = CommandIO(
        out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } },
        environment: LoopbackOnly.environment(), currentDirectory: FileManager.default.temporaryDirectory)
    let status = await PlanetCommand.run(arguments, io: io)
    return (status, out.withLock { $0 }, err.withLock { $0 })
}
