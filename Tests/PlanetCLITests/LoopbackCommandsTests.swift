import Foundation
import TestSupport
import Testing

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
        let outcome = try await withDeadline {
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
            "/missing.xml": .response(LoopbackResponse(status: 404))
        ])
        let feedURL = server.url(for: "/feed.xml").absoluteString
        let missingURL = server.url(for: "/missing.xml").absoluteString
        let (added, missing) = try await withDeadline {
            (
                await runPlanet(["add", feedURL, "--timeout", "10"], in: folder),
                await runPlanet(["add", missingURL, "--timeout", "10"], in: folder)
            )
        }
        await server.stop()
        #expect(added.status == 0)
        let text = try String(contentsOf: folder.appendingPathComponent("feeds.txt"), encoding: .utf8)
        #expect(text == "title = T\n\(feedURL)   Served Feed\n")
        #expect(missing.status == 1)
        #expect(
            missing.err
                == "planet add: '\(missingURL)': HTTP 404 Not Found; the feed is not at this address: find its new one "
                + "on the site ('planet add SITE' looks for it); --no-fetch adds it without checking\n"
        )
    }

    static let atom = """
        <?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Served Atom</title>
        <id>urn:x</id><updated>2024-01-02T03:04:05Z</updated></feed>
        """

    static let page = """
        <!DOCTYPE html><html><head><meta charset=utf-8><title>A blog</title>
        <link rel=alternate type=application/rss+xml title="Posts (RSS)" href=/blog/feed.xml>
        <link rel=alternate type=application/atom+xml title="Posts (Atom)" href="atom.xml">
        </head><body><h1>A blog</h1></body></html>
        """

    @Test func addDiscoversTheFeedsOfAPageAndTakesTheFirstOrThePicked() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "title = T\n".write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let server = try await LoopbackServer.start([
            "/blog/": .ok(Self.page, contentType: "text/html; charset=utf-8"),
            "/blog/feed.xml": .ok(Self.rss),
            "/blog/atom.xml": .ok(Self.atom, contentType: "application/atom+xml"),
            "/plain/": .ok("<html><head><title>x</title></head><body>no feeds</body></html>", contentType: "text/html")
        ])
        let pageURL = server.url(for: "/blog/").absoluteString
        let rssURL = server.url(for: "/blog/feed.xml").absoluteString
        let atomURL = server.url(for: "/blog/atom.xml").absoluteString
        let plainURL = server.url(for: "/plain/").absoluteString
        let (first, picked, again, tooFar, plain) = try await withDeadline {
            (
                await runPlanet(["add", pageURL, "--timeout", "10"], in: folder),
                await runPlanet(["add", pageURL, "--pick", "2", "--timeout", "10"], in: folder),
                await runPlanet(["add", pageURL, "--timeout", "10"], in: folder),
                await runPlanet(["add", pageURL, "--pick", "3", "--timeout", "10"], in: folder),
                await runPlanet(["add", plainURL, "--timeout", "10"], in: folder)
            )
        }
        await server.stop()
        let listing = "'\(pageURL)' links 2 feeds:\n  1. \(rssURL)  (Posts (RSS))\n  2. \(atomURL)  (Posts (Atom))\n"
        #expect(first.status == 0)
        #expect(
            first.out == listing + "taking 1; --pick N takes another\nadded '\(rssURL)' (Served Feed) to feeds.txt\n")
        #expect(picked.status == 0)
        #expect(
            picked.out == listing + "taking 2; --pick N takes another\nadded '\(atomURL)' (Served Atom) to feeds.txt\n")
        #expect(
            again.out == listing + "taking 1; --pick N takes another\n"
                + "'\(rssURL)' (Served Feed) is already in feeds.txt (line 2); nothing changed\n")
        #expect(tooFar.status == 2)
        #expect(tooFar.err == "planet add: '--pick 3' but '\(pageURL)' links 2 feeds\n")
        #expect(plain.status == 2)
        #expect(
            plain.err == "planet add: \(plainURL): not a feed: an HTML page, and it links no feed "
                + "(<link rel=\"alternate\">); give the feed's own URL, or --no-fetch\n")
        let text = try String(contentsOf: folder.appendingPathComponent("feeds.txt"), encoding: .utf8)
        #expect(text == "title = T\n\(rssURL)   Served Feed\n\(atomURL)   Served Atom\n")
        let server2 = try await LoopbackServer.start(["/blog/": .ok(Self.page, contentType: "text/html")])
        let pageURL2 = server2.url(for: "/blog/").absoluteString
        let parsed = try await withDeadline { await runPlanet(["parse", pageURL2, "--timeout", "10"]) }
        await server2.stop()
        #expect(parsed.status == 2)
        #expect(
            parsed.err == "planet parse: \(pageURL2): not a feed: an HTML page; it links the feeds "
                + "'\(server2.url(for: "/blog/feed.xml").absoluteString)', "
                + "'\(server2.url(for: "/blog/atom.xml").absoluteString)'\n"
        )
    }

    @Test func aPageWithOneFeedNamesItAndAnExplicitNameWins() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "".write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let page = "<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"feed.xml\"></head></html>"
        let server = try await LoopbackServer.start([
            "/": .ok(page, contentType: "text/html"),
            "/feed.xml": .ok(Self.rss)
        ])
        let pageURL = server.url(for: "/").absoluteString
        let feedURL = server.url(for: "/feed.xml").absoluteString
        let outcome = try await withDeadline {
            await runPlanet(["add", pageURL, "My name", "--timeout", "10"], in: folder)
        }
        await server.stop()
        #expect(outcome.status == 0)
        #expect(
            outcome.out == "'\(pageURL)' is a web page; its feed is '\(feedURL)'\n"
                + "added '\(feedURL)' (My name) to feeds.txt\n")
    }

    @Test func aDocumentThatIsNeitherFeedNorPageIsRefused() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "".write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let server = try await LoopbackServer.start([
            "/image.svg": .ok(
                "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
                contentType: "image/svg+xml")
        ])
        let url = server.url(for: "/image.svg").absoluteString
        let outcome = try await withDeadline { await runPlanet(["add", url, "--timeout", "10"], in: folder) }
        await server.stop()
        #expect(outcome.status == 2)
        #expect(
            outcome.err == "planet add: \(url): not a feed: XML with root element 'svg'; "
                + "give the feed's own URL, or --no-fetch\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("feeds.txt"), encoding: .utf8).isEmpty)
    }
}
