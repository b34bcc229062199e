import Foundation
import Planet
import TestSupport
import Testing

/// A feed that breaks after a good build keeps its entries on the page, the build exits
/// 0, the other feeds render, status.json names the failure.
@Suite("planet build under cron: a failing feed loses nothing")
struct CronFailureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        /// What the victim feed answers on the second build.
        var responder: Responder
        /// status.json's `error_kind` expected for the victim.
        var kind: String
        var settings: [String] = []
        var timeout = "5"
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "404", responder: { _ in LoopbackResponse(status: 404, body: Data("no".utf8)) }, kind: "http-error"),
        Case(id: "410", responder: { _ in LoopbackResponse(status: 410) }, kind: "http-error"),
        Case(id: "500", responder: { _ in LoopbackResponse(status: 500) }, kind: "http-error"),
        Case(
            id: "503 Retry-After",
            responder: { _ in
                LoopbackResponse(status: 503, headers: [LoopbackHeader("Retry-After", "3600")])
            }, kind: "http-error"),
        Case(
            id: "redirect loop",
            responder: { request in
                LoopbackResponse(
                    status: 302, headers: [LoopbackHeader("Location", "http://127.0.0.1:\(request.port)/victim.xml")])
            }, kind: "too-many-redirects"),
        Case(
            id: "slower than the timeout",
            responder: { _ in
                // Generous on both sides: under a loaded CI machine the good feed must still make
                // its 4 s, and the victim never answers within it.
                var response = okResponse(rssFeed("victim"))
                response.delay = 30
                return response
            }, kind: "timeout", timeout: "4"),
        Case(
            id: "closed mid-body",
            responder: { _ in
                var response = okResponse(rssFeed("victim", count: 5))
                response.closeAfterBytes = 100
                return response
            }, kind: "connection-failed"),
        Case(
            id: "over the size cap", responder: { _ in okResponse(rssFeed("victim", padding: 5_000)) },
            kind: "too-large", settings: ["max_bytes = 2000"]),
        Case(
            id: "an HTML page",
            responder: { _ in
                LoopbackResponse(
                    headers: [LoopbackHeader("Content-Type", "text/html")],
                    body: Data("<!DOCTYPE html><html><body><p>Moved to a new blog</p></body></html>".utf8))
            }, kind: "not-a-feed"),
        Case(id: "an empty 200", responder: { _ in okResponse(Data()) }, kind: "not-a-feed")
    ]

    @Test(arguments: cases)
    func failingFeedKeepsItsEntries(_ test: Case) async throws {
        try await withDeadline {
            let victim = SwitchingRoute(first: { _ in okResponse(rssFeed("victim")) }, then: test.responder)
            let server = try await LoopbackServer.start([
                "/good.xml": .ok(rssFeed("good")), "/victim.xml": victim.route
            ])
            let planet = try CronPlanet(
                feeds: [
                    (server.url(for: "/good.xml"), "Good"),
                    (server.url(for: "/victim.xml"), "Victim")
                ],
                settings: test.settings)
            defer { planet.remove() }
            let first = await planet.build(["--timeout", test.timeout])
            #expect(first.status == 0, "\(first.err)")
            victim.switchOver()
            let second = await planet.build(at: 600, ["--timeout", test.timeout])
            #expect(second.status == 0, "\(second.err)")
            #expect(second.err.contains("1 failed"))
            for page in ["index.html", "rss.xml"] {
                let text = try planet.read(page)
                #expect(text.contains("good post 1"), "\(page)")
                #expect(text.contains("victim post 1") && text.contains("victim post 2"), "\(page)")
            }
            let status = try #require(try planet.status(of: "Victim"))
            #expect(status["error_kind"] as? String == test.kind, "\(status["last_error"] ?? "")")
            #expect(status["last_error"] as? String != nil)
            #expect(status["entries_kept"] as? Int == 2)
            #expect(try planet.status(of: "Good")?["last_error"] is NSNull)
            await server.stop()
        }
    }

    @Test("410 Gone is not fetched again until feeds.txt changes")
    func goneIsNotFetchedAgain() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/good.xml": .ok(rssFeed("good")), "/gone.xml": .status(410)])
            let planet = try CronPlanet(feeds: [
                (server.url(for: "/good.xml"), "Good"),
                (server.url(for: "/gone.xml"), "Gone")
            ])
            defer { planet.remove() }
            _ = await planet.build()
            _ = await planet.build(at: 600)
            #expect(server.requests(to: "/gone.xml").count == 1)
            #expect(try planet.status(of: "Gone")?["gone"] as? Bool == true)
            try (String(contentsOf: planet.config, encoding: .utf8) + "# edited\\n")
                .write(to: planet.config, atomically: true, encoding: .utf8)
            _ = await planet.build(at: 1200)
            #expect(server.requests(to: "/gone.xml").count == 2)
            await server.stop()
        }
    }

    @Test("503 with Retry-After is not fetched again before then")
    func retryAfterIsHonoured() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/busy.xml": .response(LoopbackResponse(status: 503, headers: [LoopbackHeader("Retry-After", "3600")]))
            ])
            let planet = try CronPlanet(feeds: [(server.url(for: "/busy.xml"), "Busy")])
            defer { planet.remove() }
            let failed = await planet.build()
            let until = ISO8601DateFormatter().string(from: CronPlanet.start.addingTimeInterval(3600))
            #expect(try Self.lastRun(planet) == "failed (retry after \(until))")
            let skipped = await planet.build(at: 1800)
            #expect(server.requests(to: "/busy.xml").count == 1)
            #expect(skipped.err.contains("1 skipped"))
            #expect(try Self.lastRun(planet) == "skipped (retry after \(until))")
            // No stray space inside parentheses, in any cell of the page or any message.
            let text = try planet.read("status.html").replacingOccurrences(
                of: "<[^>]*>", with: "", options: .regularExpression)
            for shown in [text, failed.err, skipped.err] {
                #expect(!shown.contains(" )") && !shown.contains("( "), "\(shown)")
            }
            _ = await planet.build(at: 3601)
            #expect(server.requests(to: "/busy.xml").count == 2)
            await server.stop()
        }
    }

    /// The text of status.html's first "Last run" cell, without its tags.
    static func lastRun(_ planet: CronPlanet) throws -> String? {
        let page = try planet.read("status.html")
        guard let start = page.range(of: #"<td data-label="Last run">"#),
            let end = page.range(of: "</td>", range: start.upperBound..<page.endIndex)
        else { return nil }
        return String(page[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    }
}
