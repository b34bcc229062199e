import Foundation
import Planet
import PlanetFetcher
import TestSupport
import Testing

/// The private-address rule behind a proxy (issue 27): the socket libcurl opens is the proxy's,
/// so a hop through a proxy is judged by the host its URL names. The proxy is a loopback server
/// that answers absolute-form requests itself and never connects anywhere; names resolve from a
/// table (no DNS).
@Suite("Fetch: behind a proxy, the private-address rule judges the target")
struct FetchProxyTests {
    /// The names of the test, as the injected resolver answers them.
    static let resolver = HostResolver { name in
        let table = [
            "feeds.planet.test": "203.0.113.10", "mirror.planet.test": "198.51.100.7",
            "intranet.planet.test": "10.1.2.3", "split.planet.test": "198.51.100.8"
        ]
        if name == "split.planet.test" { return ["198.51.100.8", "192.168.0.9"].compactMap(IPAddress.init) }
        return table[name].flatMap(IPAddress.init).map { [$0] } ?? []
    }

    @Test(
        """
        a redirect from a public name to a private address is refused before it reaches the proxy, whatever \
        its spelling; names are judged by their addresses; private to private and public to public still follow
        """
    )
    func privateTargetRefused() async throws {
        try await withDeadline {
            let proxy = try await LoopbackServer.start([
                "http://feeds.planet.test/feed.xml": .redirect(to: "http://10.0.0.1/feed", status: 302),
                "http://feeds.planet.test/decimal.xml": .redirect(to: "http://167772161/feed", status: 301),
                "http://feeds.planet.test/hex.xml": .redirect(to: "http://0x0a.0.0.1/feed", status: 302),
                "http://feeds.planet.test/mapped.xml": .redirect(to: "http://[::ffff:10.0.0.1]/feed", status: 302),
                "http://feeds.planet.test/named.xml": .redirect(to: "http://intranet.planet.test/feed", status: 302),
                "http://feeds.planet.test/split.xml": .redirect(to: "http://split.planet.test/feed", status: 302),
                "http://feeds.planet.test/unresolved.xml": .redirect(
                    to: "http://nowhere.planet.test/feed", status: 302),
                "http://feeds.planet.test/moved.xml": .redirect(to: "http://mirror.planet.test/good.xml", status: 302),
                "http://mirror.planet.test/good.xml": .ok(rssFeed("mirrored")),
                // What the redirects lead to: published before the fix.
                "http://10.0.0.1/feed": .ok(rssFeed("intranet")),
                "http://intranet.planet.test/feed": .ok(rssFeed("intranet")),
                "http://split.planet.test/feed": .ok(rssFeed("intranet")),
                // A private subscription on purpose, through the proxy: its redirect into private
                // space is followed.
                "http://intranet.planet.test/old.xml": .redirect(to: "http://10.0.0.2/inside.xml", status: 302),
                "http://10.0.0.2/inside.xml": .ok(rssFeed("inside"))
            ])
            let direct = try await LoopbackServer.start(["/direct.xml": .ok(rssFeed("direct"))])
            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let config = folder.appendingPathComponent("feeds.txt")
            let names = ["feed", "decimal", "hex", "mapped", "named", "split", "unresolved"]
            try """
            title = Behind a proxy
            link = https://planet.example.org/
            \(names.map { "http://feeds.planet.test/\($0).xml Sneaky-\($0)" }.joined(separator: "\n"))
            http://feeds.planet.test/moved.xml Moved
            http://intranet.planet.test/old.xml Inside
            \(direct.url(for: "/direct.xml").absoluteString) Direct
            """.write(to: config, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("output")
            var options = BuildOptions(
                configURL: config, outputURL: output,
                templates: .folder(CronPlanet.repository.appendingPathComponent("templates")),
                now: Date(timeIntervalSince1970: 1_796_400_000), jobs: 2)
            // 127.0.0.1 is exempt: the direct server is reached without the proxy.
            // No loopback guard (it refuses host names): the names go to the proxy on loopback, and the
            // rule resolves them from the table `resolver`.
            options.proxies = ProxySettings(proxy: "http://127.0.0.1:\(proxy.port)", noProxy: "127.0.0.1")
            options.resolver = Self.resolver
            options.addressPolicy = FetchAddressTests.policy
            let built = options
            let report = try await PlanetBuild.run(built)
            await proxy.stop()
            await direct.stop()
            let failed = Dictionary(uniqueKeysWithValues: report.failures.map { ($0.url.absoluteString, $0) })
            for name in names {
                let failure = failed["http://feeds.planet.test/\(name).xml"]
                #expect(failure?.kind == .privateAddress, "\(name): \(String(describing: failure))")
                #expect(failure?.message.contains("private address space") == true)
            }
            #expect(report.feedsOK == 3, "\(report.failures)")
            // Every request reached the proxy in absolute form; none of the private hops did.
            let targets = proxy.requests.map(\.path)
            #expect(proxy.requests.allSatisfy { $0.isAbsoluteForm }, "\(targets)")
            for hop in [
                "http://10.0.0.1/feed", "http://intranet.planet.test/feed", "http://split.planet.test/feed",
                "http://nowhere.planet.test/feed"
            ] {
                #expect(!targets.contains(hop), "\(hop) reached the proxy")
            }
            #expect(!targets.contains { $0.contains("167772161") || $0.contains("0x0a") || $0.contains("ffff") })
            #expect(targets.contains("http://mirror.planet.test/good.xml"))
            #expect(targets.contains("http://10.0.0.2/inside.xml"), "private to private is followed")
            #expect(!targets.contains { $0.contains("direct.xml") })
            #expect(direct.requests(to: "/direct.xml").count == 1)
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(!index.contains("intranet post"))
            for post in ["mirrored post 1", "inside post 1", "direct post 1"] {
                #expect(index.contains(post), "\(post)")
            }
            let status = try String(contentsOf: output.appendingPathComponent("status.json"), encoding: .utf8)
            let page = try String(contentsOf: output.appendingPathComponent("status.html"), encoding: .utf8)
            for text in [status, page] {
                #expect(text.contains("private address space"))
                let secrets = [
                    "10.0.0.1", "167772161", "10.1.2.3", "192.168.0.9", "nowhere", "intranet.planet.test/feed"
                ]
                for secret in secrets {
                    #expect(!text.contains(secret), "\(secret)")
                }
            }
        }
    }

    @Test("planet build takes its proxy from http_proxy in its environment, and no_proxy exempts a host")
    func environment() async throws {
        try await withDeadline {
            let origin = try await LoopbackServer.start(["/feed.xml": .ok(rssFeed("origin"))])
            let proxy = try await LoopbackServer.start([
                "http://feeds.planet.test/feed.xml": .ok(rssFeed("proxied"))
            ])
            let planet = try CronPlanet(feeds: [
                (try #require(URL(string: "http://feeds.planet.test/feed.xml")), "Proxied"),
                (origin.url(for: "/feed.xml"), "Direct")
            ])
            defer { planet.remove() }
            // Without the loopback guard (which refuses a host name): the name goes to the proxy on
            // loopback, unresolved (an http proxy resolves it; here it answers for it).
            let run = await planet.build(environment: [
                "http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": "127.0.0.1", "PLANET_LOOPBACK_ONLY": "0"
            ])
            await proxy.stop()
            await origin.stop()
            #expect(run.status == 0, "\(run.err)")
            #expect(proxy.requests.map(\.path) == ["http://feeds.planet.test/feed.xml"])
            #expect(origin.requests(to: "/feed.xml").count == 1)
            let index = try planet.read("index.html")
            #expect(index.contains("proxied post 1") && index.contains("origin post 1"))
        }
    }
}
