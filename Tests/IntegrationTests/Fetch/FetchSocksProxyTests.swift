import Foundation
import PlanetFetcher
import PlanetSubscriptions
import TestSupport
import Testing

/// The private-address rule behind a SOCKS proxy that libcurl resolves names for (`socks5://`,
/// `socks4://`): planet judges a hop's name by what ``HostResolver`` gives, and libcurl then sends
/// the proxy the address of a lookup of its own. The two must be the same lookup, else a name
/// that answers a public address to the first and a private one to the second (DNS rebinding, a
/// TTL of 0) reaches the proxy as a private address. The proxy never connects anywhere.
@Suite("Fetch: behind a socks5 proxy, the address judged is the address sent")
struct FetchSocksProxyTests {
    @Test("a redirect to a name judged public reaches a socks5 proxy as the address judged, not a new lookup's")
    func judgedAddressIsSent() async throws {
        try await withDeadline {
            let proxy = try LoopbackSocksProxy.start { destination in
                let head =
                    destination.hasPrefix("198.51.100.7:")
                    ? "HTTP/1.1 302 Found\r\nLocation: http://localhost/feed\r\nContent-Length: 0\r\n"
                    : "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n"
                return Data((head + "Connection: close\r\n\r\n").utf8)
            }
            // What planet's lookup says of the name; libcurl's own lookup says 127.0.0.1 (/etc/hosts).
            let resolver = HostResolver { name in name == "localhost" ? [IPAddress("203.0.113.5")!] : [] }
            var configuration = FetcherConfiguration(timeout: 5)
            configuration.proxies = ProxySettings(proxy: "socks5://127.0.0.1:\(proxy.port)")
            configuration.resolver = resolver
            let url = try #require(URL(string: "http://198.51.100.7/feed.xml"))
            _ = await Fetcher(configuration).fetch(Subscription(url: url))
            await proxy.stop()
            let sent = proxy.destinations
            #expect(sent.first == "198.51.100.7:80", "\(sent)")
            #expect(!sent.contains { $0.hasPrefix("127.") || $0.hasPrefix("[::1]") }, "\(sent)")
        }
    }
}

/// socks5h: the proxy resolves names, so planet sends it the name; a name with a private address
/// is refused before the CONNECT.
@Suite("Fetch: behind a socks5h proxy, a private target is refused before the CONNECT")
struct FetchSocks5hProxyTests {
    @Test("a redirect from a public name to a private name or address never reaches a socks5h proxy")
    func refused() async throws {
        try await withDeadline {
            let proxy = try LoopbackSocksProxy.start { destination in
                let location =
                    destination.hasPrefix("feeds.planet.test:80")
                    ? "http://intranet.planet.test/feed"
                    : destination.hasPrefix("feeds.planet.test:81") ? "https://10.0.0.1/" : "http://[fd00::1]/"
                return Data("HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\n\r\n".utf8)
            }
            var configuration = FetcherConfiguration(timeout: 5)
            configuration.proxies = ProxySettings(proxy: "socks5h://127.0.0.1:\(proxy.port)")
            configuration.resolver = HostResolver { name in
                name == "feeds.planet.test"
                    ? [IPAddress("203.0.113.10")!]
                    : name == "intranet.planet.test" ? [IPAddress("10.1.2.3")!] : []
            }
            let fetcher = Fetcher(configuration)
            for port in [80, 81, 82] {
                let url = try #require(URL(string: "http://feeds.planet.test:\(port)/feed.xml"))
                let result = await fetcher.fetch(Subscription(url: url))
                guard case .failed(let failure) = result.outcome else {
                    Issue.record("\(port): fetched")
                    continue
                }
                #expect(failure.kind == .privateAddress, "\(failure.message)")
            }
            await proxy.stop()
            #expect(
                proxy.destinations == ["feeds.planet.test:80", "feeds.planet.test:81", "feeds.planet.test:82"],
                "\(proxy.destinations)")
        }
    }
}
