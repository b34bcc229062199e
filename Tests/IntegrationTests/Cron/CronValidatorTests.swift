import Foundation
import TestSupport
import Testing

/// A 304 updates the stored response's fields (RFC 9111 §4.3.4): a new ETag on a 304 is the one
/// the next build sends (issue 27: planet sent the first ETag on every build).
@Suite("cron: a 304's new validators")
struct CronValidatorTests {
    @Test("the ETag of a 304 replaces the stored one; a Last-Modified it does not carry stays")
    func notModifiedRefreshesTheETag() async throws {
        try await withDeadline {
            let body = rssFeed("validators")
            let route = LoopbackRoute { request in
                switch request.header("If-None-Match") {
                case nil:
                    return LoopbackResponse(
                        headers: [
                            LoopbackHeader("Content-Type", "application/rss+xml"), LoopbackHeader("ETag", "\"v1\""),
                            LoopbackHeader("Last-Modified", "Wed, 02 Dec 2026 08:00:00 GMT")
                        ], body: body)
                case "\"v1\"", "\"v2\"":
                    // The representation is current; its tag changed (a server that re-tags on deploy).
                    return LoopbackResponse(status: 304, headers: [LoopbackHeader("ETag", "\"v2\"")])
                default:
                    return LoopbackResponse(status: 412, headers: [])
                }
            }
            let server = try await LoopbackServer.start(["/feed.xml": route])
            let planet = try CronPlanet(feeds: [(server.url(for: "/feed.xml"), "Validators")])
            defer { planet.remove() }
            for _ in 0..<3 {
                let run = await planet.build()
                #expect(run.status == 0, "\(run.err)")
            }
            await server.stop()
            let asked = server.requests(to: "/feed.xml")
            #expect(asked.map { $0.header("If-None-Match") } == [nil, "\"v1\"", "\"v2\""])
            #expect(asked.last?.header("If-Modified-Since") == "Wed, 02 Dec 2026 08:00:00 GMT")
        }
    }
}
