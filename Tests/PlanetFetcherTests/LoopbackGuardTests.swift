import Foundation
import PlanetSubscriptions
import TestSupport
import Testing

@testable import PlanetFetcher

/// A fetcher with a ``LoopbackGuard`` sends nothing but to loopback IP literals: a host name
/// (`localhost` too), a public or private address, a redirect off loopback and a proxy elsewhere
/// are refused before libcurl sees the request (no DNS query), and recorded.
@Suite("LoopbackGuard: a fetcher kept on loopback")
struct LoopbackGuardTests {
    @Test("loopback IP literals pass; names, other addresses and NAT64 do not")
    func hosts() {
        for host in ["127.0.0.1", "127.8.9.10", "[::1]", "[::ffff:127.0.0.1]"] {
            #expect(LoopbackGuard.isLoopback(host: host), "\(host)")
        }
        for host in ["localhost", "example.com", "10.0.0.1", "[::2]", "[64:ff9b::7f00:1]", "127.1", ""] {
            #expect(!LoopbackGuard.isLoopback(host: host), "\(host)")
        }
        let loopback = LoopbackGuard()
        #expect(loopback.admits("http://user:pw@127.0.0.1:8080/feed", proxy: nil))
        #expect(loopback.admits("http://127.0.0.1/", proxy: "127.0.0.1:3128"))
        #expect(!loopback.admits("http://127.0.0.1/", proxy: "socks5h://proxy.example:1080"))
        #expect(!loopback.admits("https://user:pw@feeds.example.org/a", proxy: nil))
        #expect(loopback.refused == ["http://127.0.0.1/", "https://feeds.example.org/a"])
    }

    @Test("a name is refused before any request, a redirect off loopback at its hop; loopback is fetched")
    func fetches() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/feed.xml": .ok(Data("<rss/>".utf8), contentType: "application/xml"),
                "/away.xml": .redirect(to: "http://feeds.example.net/feed.xml")
            ])
            var configuration = FetcherConfiguration(jobs: 2, timeout: 5, proxies: .none)
            let loopback = LoopbackGuard()
            configuration.loopbackOnly = loopback
            let urls = [
                server.url(for: "/feed.xml"), server.url(for: "/away.xml"), URL(string: "https://example.com/feed")!,
                URL(string: "http://localhost:\(server.port)/feed.xml")!
            ]
            let results = await Fetcher(configuration).fetchAll(urls.map { Subscription(url: $0) })
            await server.stop()
            guard case .fetched = results[0].outcome else {
                Issue.record("loopback is fetched: \(results[0].outcome)")
                return
            }
            for result in results.dropFirst() {
                guard case .failed(let failure) = result.outcome else {
                    Issue.record("\(result.subscription.url): \(result.outcome)")
                    continue
                }
                #expect(failure.kind == .other && failure.message.contains("loopback IP addresses only"))
            }
            if case .failed(let failure) = results[1].outcome {
                #expect(failure.message.contains("'feeds.example.net' is not one"), "the hop refused is named")
            }
            #expect(server.requests(to: "/away.xml").count == 1)
            #expect(server.requests(to: "/feed.xml").count == 1, "localhost is not resolved, so not asked")
            #expect(
                Set(loopback.refused) == [
                    "http://feeds.example.net/feed.xml", "https://example.com/feed",
                    "http://localhost:\(server.port)/feed.xml"
                ])
        }
    }
}
