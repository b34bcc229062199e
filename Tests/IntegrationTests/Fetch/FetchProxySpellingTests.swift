import Foundation
import PlanetFetcher
import PlanetSubscriptions
import TestSupport
import Testing

/// Hostile redirects through an HTTP proxy: each spelling of a private, loopback, link-local or
/// unspecified target, relative and protocol-relative Locations, userinfo in front of the host,
/// every redirect status. The proxy is a loopback server that answers absolute-form requests
/// itself; only the first hop of each feed may reach it.
@Suite("Fetch: behind a proxy, no spelling of a private target reaches it")
struct FetchProxySpellingTests {
    static let resolver = HostResolver { name in
        name == "feeds.planet.test" ? [IPAddress("203.0.113.10")!] : []
    }

    @Test("redirects to private targets in odd spellings, statuses and forms never reach the proxy")
    func spellings() async throws {
        try await withDeadline {
            let targets = [
                "http://012.0.0.1/", "http://10.1/", "http://[::ffff:a00:1]/", "http://[fd00::1]/",
                "http://[fe80::1%25eth0]/", "http://0.0.0.0/", "http://[::]/", "http://localhost./",
                "http://LOCALHOST/", "//10.0.0.1/x", "http://public.example@10.0.0.1/", "http://169.254.169.254/",
                "http://[0:0:0:0:0:ffff:7f00:1]/", "http://0x7f.1/", "http://127.1/", "http://0/",
                "http://10.0.0.1.:80/", "http://%31%30.0.0.1/", "http://[64:ff9b::a00:1]/", "http://100.64.0.1/",
                "https://10.0.0.1/", "https://[fd00::1]:8443/", "HTTPS://LocalHost:443/"
            ]
            let statuses = [301, 302, 303, 307, 308]
            var routes: [String: LoopbackRoute] = [:]
            for (index, target) in targets.enumerated() {
                let status = statuses[index % statuses.count]
                routes["http://feeds.planet.test/\(index).xml"] =
                    target.hasPrefix("//")
                    ? .relativeRedirect(to: target, status: status) : .redirect(to: target, status: status)
            }
            let proxy = try await LoopbackServer.start(routes)
            var configuration = FetcherConfiguration(timeout: 5)
            configuration.proxies = ProxySettings(proxy: "http://127.0.0.1:\(proxy.port)")
            configuration.resolver = Self.resolver
            let fetcher = Fetcher(configuration)
            for index in targets.indices {
                let url = try #require(URL(string: "http://feeds.planet.test/\(index).xml"))
                let result = await fetcher.fetch(Subscription(url: url))
                guard case .failed(let failure) = result.outcome else {
                    Issue.record("\(targets[index]): fetched")
                    continue
                }
                #expect(failure.kind == .privateAddress, "\(targets[index]): \(failure.message)")
                #expect(!failure.message.contains("10.0.0.1"), "\(failure.message)")
            }
            await proxy.stop()
            #expect(proxy.requests.count == targets.count, "\(proxy.requests.map(\.path))")
            let reached = proxy.requests.map(\.path).filter { !$0.hasPrefix("http://feeds.planet.test/") }
            #expect(reached.isEmpty, "\(reached)")
        }
    }

    @Test("between proxied and direct hops (no_proxy) the rule holds both ways")
    func mixedHops() async throws {
        try await withDeadline {
            let inside = try await LoopbackServer.start(
                ["/feed.xml": .ok(rssFeed("inside"))], address: .ipv4(0x7f00_0002))
            let proxy = try await LoopbackServer.start([
                "http://feeds.planet.test/in.xml": .redirect(to: inside.url(for: "/feed.xml").absoluteString),
                "http://10.0.0.1/feed": .ok(rssFeed("intranet"))
            ])
            let outside = try await LoopbackServer.start([
                "/out.xml": .redirect(to: "http://10.0.0.1/feed", status: 307)
            ])
            var configuration = FetcherConfiguration(timeout: 5)
            configuration.proxies = ProxySettings(
                proxy: "http://127.0.0.1:\(proxy.port)", noProxy: "127.0.0.2, 127.0.0.1")
            configuration.resolver = Self.resolver
            configuration.addressPolicy = FetchAddressTests.policy
            let fetcher = Fetcher(configuration)
            // Proxied public hop, then a direct hop (no_proxy) to a private address.
            let first = await fetcher.fetch(Subscription(url: URL(string: "http://feeds.planet.test/in.xml")!))
            // Direct public hop (127.0.0.1 is public under the policy), then a proxied private one.
            let second = await fetcher.fetch(Subscription(url: outside.url(for: "/out.xml")))
            await proxy.stop()
            await inside.stop()
            await outside.stop()
            for result in [first, second] {
                guard case .failed(let failure) = result.outcome else {
                    Issue.record("fetched \(result)")
                    continue
                }
                #expect(failure.kind == .privateAddress, "\(failure.message)")
            }
            #expect(inside.requests.isEmpty)
            #expect(proxy.requests.map(\.path) == ["http://feeds.planet.test/in.xml"])
        }
    }

    @Test("private, then public, then private through a proxy: the public hop turns the rule on; no password shows")
    func privatePublicPrivate() async throws {
        try await withDeadline {
            let proxy = try await LoopbackServer.start([
                "http://10.0.0.5/old.xml": .redirect(to: "http://feeds.planet.test/moved.xml", status: 301),
                "http://feeds.planet.test/moved.xml": .redirect(to: "http://[fd00::7]/feed", status: 307),
                "http://[fd00::7]/feed": .ok(rssFeed("intranet"))
            ])
            var configuration = FetcherConfiguration(timeout: 5)
            configuration.proxies = ProxySettings(proxy: "http://127.0.0.1:\(proxy.port)")
            configuration.resolver = Self.resolver
            let url = try #require(URL(string: "http://reader:s3cret@10.0.0.5/old.xml"))
            let result = await Fetcher(configuration).fetch(Subscription(url: url))
            await proxy.stop()
            guard case .failed(let failure) = result.outcome else {
                Issue.record("fetched")
                return
            }
            #expect(failure.kind == .privateAddress, "\(failure.message)")
            #expect(failure.message.contains("'http://10.0.0.5/old.xml'"), "\(failure.message)")
            #expect(!failure.message.contains("s3cret") && !failure.message.contains("fd00"), "\(failure.message)")
            #expect(!proxy.requests.contains { $0.path.contains("fd00") }, "\(proxy.requests.map(\.path))")
        }
    }
}
