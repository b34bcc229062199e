import Foundation
import Planet
import PlanetSubscriptions
import Synchronization
import TestSupport
import Testing

/// `list URL` lines: a remote OPML whose feeds are subscribed as if listed.
@Suite("planet build: reading lists")
struct ReadingListTests {
    static func opml(_ feeds: [(String, String)]) -> Data {
        let outlines = feeds.map { "<outline type=\"rss\" text=\"\($0.1)\" title=\"\($0.1)\" xmlUrl=\"\($0.0)\"/>" }
        return Data(
            """
            <?xml version="1.0"?><opml version="2.0"><head><title>People</title></head><body>
            \(outlines.joined(separator: "\n"))</body></opml>
            """.utf8)
    }

    @Test(
        """
        the list's feeds are fetched with their OPML titles; 304 is cheap; a failing list keeps its last good set; a \
        feed that leaves the list leaves the planet
        """
    )
    func readingList() async throws {
        try await withDeadline {
            let stage = Mutex(0)
            let base = Mutex("")
            let list = LoopbackRoute { request in
                let root = base.withLock { $0 }
                switch stage.withLock({ $0 }) {
                case 0:
                    let body = Self.opml([(root + "/jane.xml", "Jane Doe"), (root + "/joe.xml", "Joe Roe")])
                    if request.header("If-None-Match") == "\"l1\"" { return LoopbackResponse(status: 304) }
                    return LoopbackResponse(
                        headers: [
                            LoopbackHeader("Content-Type", "text/x-opml"),
                            LoopbackHeader("ETag", "\"l1\"")
                        ], body: body)
                case 1:
                    return LoopbackResponse(status: 500)
                default:
                    return LoopbackResponse(
                        headers: [LoopbackHeader("Content-Type", "text/x-opml")],
                        body: Self.opml([(root + "/jane.xml", "Jane Doe")]))
                }
            }
            let server = try await LoopbackServer.start([
                "/people.opml": list, "/jane.xml": .ok(rssFeed("jane")), "/joe.xml": .ok(rssFeed("joe")),
                "/own.xml": .ok(rssFeed("own"))
            ])
            base.withLock {
                $0 = server.url(for: "/").absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            }
            let planet = try CronPlanet(feeds: [
                (server.url(for: "/own.xml"), "Own"),
                (URL(string: "list")!, server.url(for: "/people.opml").absoluteString)
            ])
            defer { planet.remove() }
            // CronPlanet writes "URL NAME": here "list https://…/people.opml".
            var run = await planet.build()
            #expect(run.status == 0, "\(run.err)")
            var page = try planet.read("index.html")
            #expect(page.contains(">Jane Doe<") && page.contains(">Joe Roe<") && page.contains("joe post 1"))
            #expect(page.contains("own post 1"))
            // planet list shows the list's feeds from what this build kept, marked with the list.
            let listed = await runPlanet(["list", "--json", "--config", planet.config.path])
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]])
            #expect(rows.map { $0["name"] as? String } == ["Own", "Jane Doe", "Joe Roe"])
            #expect(rows.map { $0["status"] as? String } == ["ok", "ok", "ok"])
            let people = server.url(for: "/people.opml").absoluteString
            #expect(rows.map { $0["reading_list"] as? String } == [nil, people, people])

            run = await planet.build(at: 600)
            #expect(server.requests(to: "/people.opml").last?.header("If-None-Match") == "\"l1\"")
            #expect(try planet.read("index.html").contains(">Joe Roe<"))

            stage.withLock { $0 = 1 }
            run = await planet.build(at: 1200)
            #expect(run.status == 0)
            #expect(run.err.contains("planet build: warning: reading list "), "\(run.err)")
            #expect(try planet.read("index.html").contains(">Joe Roe<"))

            stage.withLock { $0 = 2 }
            run = await planet.build(at: 1800)
            page = try planet.read("index.html")
            #expect(page.contains(">Jane Doe<") && !page.contains(">Joe Roe<") && !page.contains("joe post 1"))
            await server.stop()
        }
    }

    @Test func aListLineIsReadAndKeptByEdits() throws {
        let file = URL(fileURLWithPath: "/srv/planet/feeds.txt")
        var list = try FeedList.parse("list https://example.org/people.opml\nhttps://a.org/f A\n", file: file)
        #expect(list.readingLists == [URL(string: "https://example.org/people.opml")!])
        #expect(list.subscriptions.count == 1)
        try list.remove("A")
        #expect(list.serialized() == "list https://example.org/people.opml\n")
    }
}
