import Testing

@testable import PlanetFetcher

/// Which requests go through a proxy: the environment as libcurl 7.88 reads it, and its
/// `no_proxy` list (`lib/url.c`, `lib/noproxy.c`).
@Suite("ProxySettings: the proxy of each request, as libcurl chooses it")
struct ProxySettingsTests {
    @Test("http_proxy only in lower case; https_proxy in either; all_proxy as the fallback; empty means none")
    func environment() {
        let lower = ProxySettings(environment: ["http_proxy": "http://p:1", "https_proxy": "http://q:2"])
        #expect(lower.proxy(for: "http://feeds.example/a") == "http://p:1")
        #expect(lower.proxy(for: "https://feeds.example/a") == "http://q:2")
        // Upper-case HTTP_PROXY is ignored (a CGI program's environment gets it from a header).
        let upper = ProxySettings(environment: ["HTTP_PROXY": "http://p:1", "HTTPS_PROXY": "http://q:2"])
        #expect(upper.proxy(for: "http://feeds.example/a") == nil)
        #expect(upper.proxy(for: "https://feeds.example/a") == "http://q:2")
        let all = ProxySettings(environment: ["ALL_PROXY": "socks5h://s:3"])
        #expect(all.proxy(for: "http://feeds.example/a") == "socks5h://s:3")
        #expect(all.proxy(for: "HTTPS://Feeds.Example/a") == "socks5h://s:3")
        let empty = ProxySettings(environment: ["http_proxy": "", "all_proxy": "http://s:3"])
        #expect(empty.proxy(for: "http://feeds.example/a") == nil)
        #expect(empty.proxy(for: "https://feeds.example/a") == "http://s:3")
        #expect(ProxySettings(environment: [:]) == .none)
        #expect(!ProxySettings.none.isInUse && all.isInUse)
    }

    @Test("no_proxy: *, names and their subdomains, a leading dot, IP addresses and prefixes")
    func noProxy() {
        let settings = ProxySettings(
            environment: [
                "http_proxy": "http://p:1", "NO_PROXY": " intranet.example , .corp.example,10.0.0.0/8,::1,192.0.2.7"
            ])
        for direct in [
            "http://intranet.example/", "http://www.intranet.example/", "http://INTRANET.example./",
            "http://corp.example/",
            "http://a.corp.example/", "http://10.9.8.7/", "http://[::1]:8080/", "http://192.0.2.7/"
        ] {
            #expect(settings.proxy(for: direct) == nil, "\(direct)")
        }
        for proxied in [
            "http://nointranet.example/", "http://example/", "http://11.0.0.1/", "http://[::2]/", "http://192.0.2.8/"
        ] {
            #expect(settings.proxy(for: proxied) == "http://p:1", "\(proxied)")
        }
        #expect(ProxySettings.exempts("*", host: "anything.example"))
        #expect(!ProxySettings.exempts("*.example", host: "a.example"))
        #expect(ProxySettings.exempts("192.168.0.0/16", host: "192.168.44.1"))
        #expect(!ProxySettings.exempts("192.168.0.0/16", host: "192.169.0.1"))
        #expect(ProxySettings.exempts("fd00::/8", host: "fd12::1"))
        // lower-case no_proxy comes first; a blank between entries ends the list, as in libcurl 7.88.
        let both = ProxySettings(environment: ["http_proxy": "http://p:1", "no_proxy": "a.example", "NO_PROXY": "*"])
        #expect(both.proxy(for: "http://b.example/") == "http://p:1")
        #expect(ProxySettings.exempts("a.example b.example", host: "a.example"))
        #expect(!ProxySettings.exempts("a.example b.example", host: "b.example"))
    }

    @Test("a proxy given outright serves every scheme, but the hosts its list exempts")
    func outright() {
        let settings = ProxySettings(proxy: "http://127.0.0.1:3128", noProxy: "127.0.0.1")
        #expect(settings.proxy(for: "http://feeds.example/") == "http://127.0.0.1:3128")
        #expect(settings.proxy(for: "https://feeds.example/") == "http://127.0.0.1:3128")
        #expect(settings.proxy(for: "http://127.0.0.1:8080/feed.xml") == nil)
        #expect(settings.proxy(for: "not a url") == nil)
    }
}
