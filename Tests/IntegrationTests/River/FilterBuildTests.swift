import Foundation
import Planet
import Testing
import TestSupport

@Suite("planet build: include / exclude rules")
struct FilterBuildTests {
    static func feed() -> Data {
        let items = [("py", "python"), ("sw", "swift"), ("py2", "Python")].enumerated().map { index, item in
            "<item><title>\(item.0) post</title><link>https://c.example.com/\(item.0)</link><guid>https://c.example.com/\(item.0)</guid>"
                + "<category>\(item.1)</category><pubDate>\(index + 1) Nov 2026 10:00:00 GMT</pubDate></item>"
        }
        return Data("""
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>Cats</title><link>https://c.example.com/</link><description>d</description>
            \(items.joined(separator: "\n"))</channel></rss>
            """.utf8)
    }

    @Test("a feed's category filter applies, and a changed rule shows on an --offline rebuild")
    func categoryFilterAndOfflineRebuild() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/c.xml": .ok(Self.feed()), "/d.xml": .ok(rssFeed("other"))])
            let planet = try CronPlanet(feeds: [(server.url(for: "/c.xml"), "Cats\n    include = category:python"),
                                                (server.url(for: "/d.xml"), "Other")])
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
