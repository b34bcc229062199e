import Foundation
import Planet
import TestSupport
import Testing

/// Servers that break HTTP (or bend it the way real ones do) over loopback: `planet build` exits
/// 0, the good feed renders, and the victim's status names the right kind, or the feed is read
/// when the curl command line would read it too.
@Suite("planet build: hostile servers")
struct HostileServerBuildTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        /// Routes of the server; the feed under test is `/victim`.
        var routes: @Sendable () -> [String: LoopbackRoute]
        /// status.json's `error_kind`, nil when the feed must be read.
        var kind: String?
        /// Text `last_error` must contain.
        var messagePart: String? = nil
        var testDescription: String { id }
    }

    /// The victim's feed body.
    static let feed = rssFeed("victim")
    static var feedText: String { String(decoding: feed, as: UTF8.self) }

    /// A complete HTTP/1.1 response with the victim's feed, line ends and extra lines as given.
    static func response(
        statusLine: String = "HTTP/1.1 200 OK", lineEnd: String = "\r\n",
        extra: [String] = []
    ) -> String {
        ([statusLine, "Content-Type: application/rss+xml", "Content-Length: \(feed.count)"] + extra
            + ["Connection: close", ""]).joined(separator: lineEnd) + lineEnd + feedText
    }

    static let cases: [Case] = [
        Case(
            id: "status line, then close", routes: { ["/victim": .raw("HTTP/1.1 200 OK\r\n")] },
            kind: "bad-response"),
        Case(
            id: "headers, then close",
            routes: {
                ["/victim": .raw("HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: 500\r\n")]
            }, kind: "bad-response"),
        Case(
            id: "5,000 chunked trailers",
            routes: {
                let size = String(feed.count, radix: 16)
                let trailers = (0..<5_000).map { "X-Trailer-\($0): value\r\n" }.joined()
                return [
                    "/victim": .raw(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nTransfer-Encoding: chunked\r\n"
                            + "Connection: close\r\n\r\n\(size)\r\n\(feedText)\r\n0\r\n\(trailers)\r\n")
                ]
            }, kind: nil),
        Case(
            id: "relative redirect ending in a slash",
            routes: {
                ["/victim": .relativeRedirect(to: "/blog/"), "/blog/": .ok(feed), "/blog": .status(404)]
            }, kind: nil),
        Case(
            id: "relative redirect to a sibling path",
            routes: {
                ["/victim": .relativeRedirect(to: "feeds/../feed.xml?v=1", status: 302), "/feed.xml": .ok(feed)]
            }, kind: nil),
        Case(
            id: "scheme-relative redirect",
            routes: {
                [
                    "/victim": LoopbackRoute { request in
                        LoopbackResponse(
                            status: 307, headers: [LoopbackHeader("Location", "//127.0.0.1:\(request.port)/feed.xml")])
                    },
                    "/feed.xml": .ok(feed)
                ]
            }, kind: nil),
        Case(
            id: "401 with WWW-Authenticate",
            routes: {
                ["/victim": .basicAuth(user: "reader", password: "s3cret", .ok(feed))]
            }, kind: "needs-credentials", messagePart: "credentials"),
        Case(
            id: "10,000 header fields",
            routes: {
                ["/victim": .raw(response(extra: (0..<10_000).map { "X-Field-\($0): \($0)" }))]
            }, kind: nil),
        Case(
            id: "a 1 MB header field",
            routes: {
                ["/victim": .raw(response(extra: ["X-Huge: " + String(repeating: "h", count: 1_000_000)]))]
            }, kind: "bad-response", messagePart: "header from"),
        Case(id: "bare LF line ends", routes: { ["/victim": .raw(response(lineEnd: "\n"))] }, kind: nil),
        Case(
            id: "no reason phrase", routes: { ["/victim": .raw(response(statusLine: "HTTP/1.1 200"))] },
            kind: nil),
        Case(
            id: "Latin-1 header bytes",
            routes: {
                ["/victim": .raw(response(extra: ["X-Author: Ren\u{E9} M\u{FC}ller", "ETag: \"caf\u{E9}\""]))]
            }, kind: nil),
        Case(
            id: "Content-Length: abc",
            routes: {
                [
                    "/victim": .raw(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: abc\r\n"
                            + "Connection: close\r\n\r\n\(feedText)")
                ]
            }, kind: "bad-response"),
        Case(
            id: "two Content-Length fields that disagree",
            routes: {
                ["/victim": .raw(response(extra: ["Content-Length: \(feed.count - 30)"]))]
            }, kind: "bad-response", messagePart: "Content-Length fields that disagree"),
        Case(
            id: "one Content-Length value twice",
            routes: {
                ["/victim": .raw(response(extra: ["Content-Length: \(feed.count)"]))]
            }, kind: nil),
        Case(
            id: "Content-Encoding: gzip over plain bytes",
            routes: {
                ["/victim": .raw(response(extra: ["Content-Encoding: gzip"]))]
            }, kind: "bad-response", messagePart: "Content-Encoding"),
        Case(
            id: "a gzip body cut by the connection",
            routes: {
                [
                    "/victim": .response(
                        LoopbackResponse(
                            headers: [
                                LoopbackHeader("Content-Type", "application/rss+xml"),
                                LoopbackHeader("Content-Encoding", "gzip")
                            ],
                            body: Gzip.storedMember(feed), closeAfterBytes: feed.count - 40))
                ]
            }, kind: "connection-failed", messagePart: "lost"),
        Case(
            id: "a body shorter than its Content-Length",
            routes: {
                [
                    "/victim": .raw(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\n"
                            + "Content-Length: \(feed.count + 100)\r\n"
                            + "Connection: close\r\n\r\n\(feedText)")
                ]
            }, kind: "connection-failed")
    ]

    @Test(arguments: cases)
    func hostileServer(_ test: Case) async throws {
        try await withDeadline {
            var routes = test.routes()
            routes["/good.xml"] = .ok(rssFeed("good"))
            let server = try await LoopbackServer.start(routes)
            let planet = try CronPlanet(feeds: [
                (server.url(for: "/good.xml"), "Good"),
                (server.url(for: "/victim"), "Victim")
            ])
            defer { planet.remove() }
            let run = await planet.build(["--timeout", "20"])
            await server.stop()
            #expect(run.status == 0, "\(run.err)")
            #expect(try planet.read("index.html").contains("good post 1"))
            let status = try #require(try planet.status(of: "Victim"))
            if let kind = test.kind {
                #expect(status["error_kind"] as? String == kind, "\(status["last_error"] ?? "")")
                #expect(try planet.read("index.html").contains("victim post 1") == false)
                if let part = test.messagePart {
                    let message = status["last_error"] as? String ?? ""
                    #expect(message.contains(part), "\(message)")
                }
            } else {
                #expect(status["error_kind"] is NSNull, "\(status["last_error"] ?? "")")
                #expect(try planet.read("index.html").contains("victim post 1"))
            }
        }
    }
}
