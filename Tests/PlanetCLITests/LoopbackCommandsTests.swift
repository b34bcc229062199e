import Foundation
import Testing
import TestSupport
@testable import PlanetCLI

/// `planet parse` and `planet add` against feeds served on 127.0.0.1.
@Suite("commands over HTTP (loopback)")
struct LoopbackCommandsTests {
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Served Feed</title>
        <link>https://example.org/</link>
        <item><title>One</title><guid>1</guid><pubDate>Tue, 02 Jan 2024 03:04:05 GMT</pubDate></item>
        <item><title>Two</title><guid>2</guid></item></channel></rss>
        """

    @Test func parseFetchesAURLAndPrintsTheContract() async throws {
        let server = try await LoopbackServer.start(["/feed.xml": .ok(Self.rss)])
        let outcome = try await withDeadline(seconds: 20) {
            await runPlanet(["parse", server.url(for: "/feed.xml").absoluteString, "--json", "--timeout", "10"])
        }
        await server.stop()
        #expect(outcome.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Served Feed")
        #expect((object["entries"] as? [Any])?.count == 2)
    }

    @Test func addNamesTheFeedByItsTitleAndReportsAnHTTPError() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "title = T\n".write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let server = try await LoopbackServer.start([
            "/feed.xml": .ok(Self.rss),
            "/missing.xml": .response(LoopbackResponse(status: 404)),
        ])
        let feedURL = server.url(for: "/feed.xml").absoluteString
        let missingURL = server.url(for: "/missing.xml").absoluteString
        let (added, missing) = try await withDeadline(seconds: 20) {
            (await runPlanet(["add", feedURL, "--timeout", "10"], in: folder),
             await runPlanet(["add", missingURL, "--timeout", "10"], in: folder))
        }
        await server.stop()
        #expect(added.status == 0)
        let text = try String(contentsOf: folder.appendingPathComponent("feeds.txt"), encoding: .utf8)
        #expect(text == "title = T\n\(feedURL)   Served Feed\n")
        #expect(missing.status == 1)
        #expect(missing.err == "planet add: \(missingURL): HTTP 404; --no-fetch adds it without checking\n")
    }
}
