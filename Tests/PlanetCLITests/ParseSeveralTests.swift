import FeedParser
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PlanetCLI

/// `planet parse FILE|URL...`: several documents, parsed concurrently, printed in argument order;
/// and one argument exactly as before.
@Suite("planet parse, several documents")
struct ParseSeveralTests {
    /// A small RSS feed titled `title`, whose entry HTML needs sanitizing.
    static func rss(_ title: String) -> String {
        """
        <?xml version="1.0"?><rss version="2.0"><channel><title>\(title)</title>\
        <link>https://example.org/\(title)/</link>
        <item><title>One of \(title)</title><guid>\(title)-1</guid>
        <description>&lt;p onclick="x()"&gt;Hi &lt;a \
        href="/a"&gt;a&lt;/a&gt;&lt;script&gt;s()&lt;/script&gt;&lt;/p&gt;</description></item>
        <item><title>Two</title><guid>\(title)-2</guid><description>plain &amp; simple</description></item>
        </channel></rss>
        """
    }

    /// Writes `files` (name → text) into a fresh folder.
    static func folder(with files: [String: String]) throws -> URL {
        let folder = try makeFolder()
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// Each line of JSON Lines as an object.
    static func objects(_ out: String) throws -> [[String: Any]] {
        try out.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func severalFilesGiveOneJSONLineEachInArgumentOrder() async throws {
        let names = (0..<7).map { "f\($0).xml" }
        let folder = try Self.folder(
            with: Dictionary(uniqueKeysWithValues: names.map { ($0, Self.rss("t" + $0.prefix(2))) }))
        defer { removeFolder(folder) }
        let order = [names[3], names[0], names[6], names[1], names[5], names[2], names[4]]
        let outcome = await runPlanet(["parse", "--json"] + order, in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.err.isEmpty)
        let lines = outcome.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == order.count + 1 && lines.last == "")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("{\"source\":\"f") })
        let objects = try Self.objects(outcome.out)
        #expect(objects.map { $0["source"] as? String } == order)
        #expect(objects.map { $0["title"] as? String } == order.map { "t" + $0.prefix(2) })
        // Apart from "source", each line is the one-argument object.
        for (name, object) in zip(order, objects) {
            let single = await runPlanet(["parse", "--json", name], in: folder)
            var expected = try #require(try JSONSerialization.jsonObject(with: Data(single.out.utf8)) as? [String: Any])
            expected["source"] = name
            #expect(NSDictionary(dictionary: object).isEqual(to: expected), "\(name)")
        }
    }

    @Test("a slow URL in front of many files: all printed, in order, once it answers")
    func slowFirstDocumentHoldsBackOnlyABoundedQueue() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/slow.xml": .delayed(1, .ok(Self.rss("slow")))])
            let names = (0..<60).map { "g\($0).xml" }
            let folder = try Self.folder(with: Dictionary(uniqueKeysWithValues: names.map { ($0, Self.rss("t" + $0)) }))
            defer { removeFolder(folder) }
            let slow = server.url(for: "/slow.xml").absoluteString
            let outcome = await runPlanet(["parse", "--json", slow] + names, in: folder)
            #expect(outcome.status == 0)
            let objects = try Self.objects(outcome.out)
            #expect(objects.map { $0["source"] as? String } == [slow] + names)
            #expect(objects.first?["title"] as? String == "slow")
            await server.stop()
        }
    }

    @Test func aBrokenFileAmongGoodOnesGetsAnErrorLineAndTheWorstStatus() async throws {
        let folder = try Self.folder(with: [
            "a.xml": Self.rss("a"), "page.html": "<html><body><p>Not a feed</p></body></html>",
            "c.xml": Self.rss("c"), "empty.xml": ""
        ])
        defer { removeFolder(folder) }
        let outcome = await runPlanet(["parse", "--json", "a.xml", "missing.xml", "c.xml"], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.err == "planet parse: 'missing.xml': no such file\n")
        let objects = try Self.objects(outcome.out)
        #expect(objects.map { $0["source"] as? String } == ["a.xml", "missing.xml", "c.xml"])
        #expect(objects[1].count == 2)
        #expect(objects[1]["error"] as? String == "'missing.xml': no such file")
        #expect(
            outcome.out.split(separator: "\n")[1] == #"{"source":"missing.xml","error":"'missing.xml': no such file"}"#)
        #expect(objects[2]["title"] as? String == "c")

        let worse = await runPlanet(["parse", "--json", "page.html", "a.xml", "missing.xml", "empty.xml"], in: folder)
        #expect(worse.status == 2)
        #expect(
            worse.err == "planet parse: 'page.html': not a feed: an HTML page\n"
                + "planet parse: 'missing.xml': no such file\n"
                + "planet parse: 'empty.xml': is empty; a feed file holds RSS, Atom or JSON Feed\n")
        let errors = try Self.objects(worse.out).map { $0["error"] as? String }
        #expect(
            errors == [
                "'page.html': not a feed: an HTML page", nil, "'missing.xml': no such file",
                "'empty.xml': is empty; a feed file holds RSS, Atom or JSON Feed"
            ])
    }

    @Test func withoutJSONEachSummaryIsUnderAHeaderNamingItsSource() async throws {
        let folder = try Self.folder(with: ["a.xml": Self.rss("a"), "b.xml": Self.rss("b")])
        defer { removeFolder(folder) }
        let outcome = await runPlanet(["parse", "b.xml", "nope.xml", "a.xml"], in: folder)
        #expect(outcome.status == 1)
        #expect(
            outcome.out == """
                ==> b.xml <==
                format:  rss2.0
                title:   'b'
                link:    https://example.org/b/
                entries: 2

                ==> nope.xml <==
                error:   'nope.xml': no such file

                ==> a.xml <==
                format:  rss2.0
                title:   'a'
                link:    https://example.org/a/
                entries: 2

                """)
        #expect(outcome.err == "planet parse: 'nope.xml': no such file\n")
    }

    @Test func oneArgumentPrintsExactlyTheContractAsBefore() async throws {
        let folder = try Self.folder(with: [
            "feed.xml": Self.rss("one"), "page.html": "<html><head><title>P</title></head></html>"
        ])
        defer { removeFolder(folder) }
        let outcome = await runPlanet(["parse", "--json", "feed.xml"], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.err.isEmpty)
        #expect(
            outcome.out == """
                {
                  "author": null,
                  "entries": [
                    {
                      "author": null,
                      "categories": [],
                      "content": null,
                      "enclosures": [],
                      "id": "one-1",
                      "link": null,
                      "published": null,
                      "summary": "<p>Hi <a href=\\"https://example.org/a\\" rel=\\"noopener noreferrer\\">a</a></p>",
                      "title": "One of one",
                      "updated": null
                    },
                    {
                      "author": null,
                      "categories": [],
                      "content": null,
                      "enclosures": [],
                      "id": "one-2",
                      "link": null,
                      "published": null,
                      "summary": "plain &amp; simple",
                      "title": "Two",
                      "updated": null
                    }
                  ],
                  "feed_url": null,
                  "format": "rss2.0",
                  "generator": null,
                  "icon": null,
                  "id": null,
                  "language": null,
                  "link": "https://example.org/one/",
                  "logo": null,
                  "rights": null,
                  "subtitle": null,
                  "title": "one",
                  "updated": null,
                  "warnings": []
                }


                """)
        let summary = await runPlanet(["parse", "feed.xml"], in: folder)
        #expect(summary.out == "format:  rss2.0\ntitle:   'one'\nlink:    https://example.org/one/\nentries: 2\n")
        let page = await runPlanet(["parse", "page.html"], in: folder)
        #expect(page.status == 2)
        #expect(page.out.isEmpty)
        let pageURL = folder.appendingPathComponent("page.html").absoluteURL.absoluteString
        #expect(page.err == "planet parse: \(pageURL): not a feed: an HTML page\n")
    }

    @Test func helpShowsTheRepeatedArgumentAndJSONLines() async {
        let outcome = await runPlanet(["parse", "--help"])
        #expect(outcome.out.contains("Usage: planet parse [--json] [--timeout SECONDS] FILE|URL...\n"))
        #expect(outcome.out.contains("JSON Lines"))
        #expect(outcome.out.contains("worst"))
    }

    /// The JSON Lines of several documents go to standard output as bytes (`CommandIO.outBytes`),
    /// the same bytes the text sink receives when no byte sink is given.
    @Test func jsonLinesAreWrittenAsBytes() async throws {
        let folder = try Self.folder(with: ["a.xml": Self.rss("a \u{E9}"), "b.xml": Self.rss("b")])
        defer { removeFolder(folder) }
        let text = Capture()
        let bytes = Mutex<[UInt8]>([])
        let io = CommandIO(
            out: { text.append($0) }, err: { _ in }, outBytes: { more in bytes.withLock { $0 += more } },
            currentDirectory: folder)
        let status = try await withDeadline { await PlanetCommand.run(["parse", "--json", "a.xml", "b.xml"], io: io) }
        #expect(status == 0)
        #expect(text.value.isEmpty)
        let viaText = await runPlanet(["parse", "--json", "a.xml", "b.xml"], in: folder)
        #expect(bytes.withLock { $0 } == Array(viaText.out.utf8))
        #expect(viaText.out.split(separator: "\n").count == 2)
    }
}
