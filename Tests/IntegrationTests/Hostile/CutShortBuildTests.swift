import Foundation
import TestSupport
import Testing

/// A response cut short inside its gzip stream while the HTTP framing stays intact (the server
/// sends a Content-Length that matches the cut bytes): libcurl hands over what it could inflate,
/// as browsers do. planet records nothing of it (the entry it ends inside would be cut off
/// mid-sentence over the cache's whole copy, the entries after the cut marked as gone): the fetch
/// fails as a body cut in its framing does, the cache keeps its copy and its validators.
@Suite("planet build: a response cut short inside its compression")
struct CutShortBuildTests {
    static func feed(third: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>Victim feed</title><link>https://victim.example.com/</link>
            <item><title>victim post 1</title><guid>https://victim.example.com/1</guid>\
            <pubDate>1 Nov 2026 10:00:00 GMT</pubDate><description>Body 1</description></item>
            <item><title>victim post 2</title><guid>https://victim.example.com/2</guid>\
            <pubDate>2 Nov 2026 10:00:00 GMT</pubDate><description>Body 2</description></item>
            <item><title>victim post 3</title><guid>https://victim.example.com/3</guid>\
            <pubDate>3 Nov 2026 10:00:00 GMT</pubDate><description>\(third)</description></item>
            </channel></rss>
            """.utf8)
    }

    @Test func cutGzipStreamKeepsTheCachedEntryAndAsksForAllOfItAgain() async throws {
        try await withDeadline {
            let whole = Self.feed(third: "Third post, first version.")
            let second = Self.feed(
                third: "Third post, second version, which the cut stops in the middle of a word.")
            let text = String(decoding: second, as: UTF8.self)
            let cutAt = try #require(text.range(of: "which the cut st")).upperBound
            let plainPrefix = text.utf8.distance(from: text.startIndex, to: cutAt)
            // A stored gzip member: 10 header bytes and a 5-byte block header before the feed's bytes.
            let cut = Gzip.storedMember(second).prefix(10 + 5 + plainPrefix)
            let route = SwitchingRoute(
                first: { _ in okResponse(whole, headers: [LoopbackHeader("ETag", "\"v1\"")]) },
                then: { _ in
                    okResponse(
                        Data(cut),
                        headers: [LoopbackHeader("Content-Encoding", "gzip"), LoopbackHeader("ETag", "\"v2\"")])
                })
            let server = try await LoopbackServer.start(["/victim": route.route])
            let planet = try CronPlanet(feeds: [(server.url(for: "/victim"), "Victim")])
            defer { planet.remove() }

            let first = await planet.build()
            #expect(first.status == 0, "\(first.err)")
            #expect(try planet.read("index.html").contains("Third post, first version."))

            route.switchOver()
            let cutRun = await planet.build(at: 3600)
            #expect(cutRun.status == 0, "\(cutRun.err)")
            let page = try planet.read("index.html")
            #expect(page.contains("Third post, first version."), "the cached whole copy stays")
            #expect(!page.contains("which the cut"), "the cut text is not recorded")
            #expect(page.contains("victim post 2"))

            let status = try #require(try planet.status(of: "Victim"))
            #expect(status["error_kind"] as? String == "bad-response")
            #expect((status["last_error"] as? String ?? "").contains("cut short"), "\(status)")

            let third = await planet.build(at: 7200)
            #expect(third.status == 0, "\(third.err)")
            await server.stop()
            let requests = server.requests(to: "/victim")
            #expect(requests.count == 3)
            #expect(requests.dropFirst().first?.header("If-None-Match") == "\"v1\"")
            #expect(requests.last?.header("If-None-Match") == "\"v1\"", "the cut response's ETag was not kept")
        }
    }
}
