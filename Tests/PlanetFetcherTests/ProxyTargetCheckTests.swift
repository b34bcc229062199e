import CCurl
import Foundation
import Testing

@testable import PlanetFetcher

/// A hop through a proxy is judged by the host its URL names: IP literals in every spelling
/// libcurl accepts, names by every address an injected resolver gives (no DNS in tests).
@Suite("ProxyTargetCheck: the private-address rule by the URL's host")
struct ProxyTargetCheckTests {
    static let resolver = HostResolver { name in
        switch name {
        case "public.example": return [IPAddress("192.0.2.1")!]
        case "private.example": return [IPAddress("10.1.2.3")!]
        case "both.example": return [IPAddress("2001:db8::1")!, IPAddress("fd00::5")!]
        default: return []
        }
    }

    func check(origin: String? = nil, target: String? = nil) -> ProxyTargetCheck {
        ProxyTargetCheck(origin: origin, target: target, policy: .standard, resolver: Self.resolver)
    }

    func request(refusePrivate: Bool) -> HTTPRequest {
        HTTPRequest(
            url: "http://x/", host: "http://x", headers: [], userAgent: "t", timeoutMilliseconds: 1000, maxBytes: 10,
            refusePrivate: refusePrivate, policy: .standard, trustStore: nil, proxy: "http://127.0.0.1:1")
    }

    @Test("private IPv4 in decimal, hex, octal, short and percent-encoded spellings, IPv6 and IPv4-mapped")
    func literals() {
        for url in [
            "http://10.0.0.1/feed", "http://167772161/feed", "http://0x0a000001/", "http://0x0a.0.0.1/",
            "http://012.0.0.1/", "http://10.1/", "http://%31%30.0.0.1/", "http://10.0.0.1./", "http://0/",
            "http://0x7f.1/", "http://[::1]/", "http://[fe80::1%25eth0]/", "http://[fd00::1]:8080/",
            "http://[::ffff:10.0.0.1]/", "http://[::ffff:a00:1]/", "http://[64:ff9b::a9fe:a9fe]/",
            "http://user:pass@169.254.169.254/latest", "HTTP://192.168.1.1/"
        ] {
            let verdict = check().verdict(of: url)
            #expect(verdict.anyPrivate && !verdict.anyPublic, "\(url)")
        }
        for url in ["http://8.8.8.8/", "http://134744072/", "http://[2001:db8::1]/", "http://10.0.0.1:80@192.0.2.9/"] {
            let verdict = check().verdict(of: url)
            #expect(verdict.anyPublic && !verdict.anyPrivate, "\(url)")
        }
        #expect(ProxyTargetCheck.literal("0x0a.1")?.description == "10.0.0.1")
        #expect(ProxyTargetCheck.literal("example.org") == nil)
        #expect(ProxyTargetCheck.literal("1.2.3.4.5") == nil)
    }

    @Test("a name is private when any address is, unknown when it does not resolve")
    func names() {
        #expect(check().verdict(of: "http://public.example/") == .init(anyPrivate: false, anyPublic: true))
        #expect(check().verdict(of: "http://private.example./") == .init(anyPrivate: true, anyPublic: false))
        #expect(check().verdict(of: "http://both.example/") == .init(anyPrivate: true, anyPublic: true))
        #expect(check().verdict(of: "http://nowhere.example/").isUnknown)
        #expect(check().verdict(of: "http://a b/").isUnknown)
    }

    @Test("the rule applies after a public (or unknown) origin; a private target is then refused before any request")
    func apply() {
        // After a public hop: refused, and the refusal reads as the private-address failure.
        let (_, refusal) = check(target: "http://private.example/").apply(to: request(refusePrivate: true))
        #expect(refusal?.refusedPrivate == true)
        let failure = FetchFailure(
            curl: refusal!, url: URL(string: "http://feeds.example/")!, host: "x", configuration: .init(proxies: .none))
        #expect(failure.kind == .privateAddress && !failure.message.contains("private.example"))
        for target in ["http://both.example/", "http://nowhere.example/", "http://[::1]/"] {
            #expect(check(target: target).apply(to: request(refusePrivate: true)).refusal != nil, "\(target)")
        }
        #expect(check(target: "http://public.example/").apply(to: request(refusePrivate: true)).refusal == nil)
        // The origin decides whether the rule applies: private to private is followed.
        let inside = check(origin: "http://private.example/", target: "http://10.0.0.2/")
            .apply(to: request(refusePrivate: false))
        #expect(inside.refusal == nil && inside.request.redirectedFromPublic == false && !inside.request.refusePrivate)
        for origin in ["http://public.example/", "http://nowhere.example/", "http://both.example/"] {
            let judged = check(origin: origin, target: "http://10.0.0.2/").apply(to: request(refusePrivate: false))
            #expect(judged.refusal?.redirectedFromPublic == true, "\(origin)")
        }
        // A direct hop after a proxied one: only the origin is judged; the socket judges the rest.
        let direct = check(origin: "http://public.example/").apply(to: request(refusePrivate: false))
        #expect(direct.refusal == nil && direct.request.refusePrivate && direct.request.targetCheck == nil)
    }

    @Test("a name that passes is pinned to the addresses judged (CURLOPT_RESOLVE), a literal is not")
    func pins() {
        let named = check(target: "http://public.example./a").apply(to: request(refusePrivate: true))
        #expect(named.refusal == nil)
        #expect(named.request.pinnedAddresses == ["public.example:80:192.0.2.1", "public.example.:80:192.0.2.1"])
        let ported = check(target: "https://public.example:8443/").apply(to: request(refusePrivate: true))
        #expect(ported.request.pinnedAddresses == ["public.example:8443:192.0.2.1"])
        let literal = check(target: "http://192.0.2.9/").apply(to: request(refusePrivate: true))
        #expect(literal.refusal == nil && literal.request.pinnedAddresses.isEmpty)
        let unjudged = check(target: "http://public.example/").apply(to: request(refusePrivate: false))
        #expect(unjudged.request.pinnedAddresses.isEmpty)
    }
}
