import CCurl
import Glibc

/// The private-address rule (``AddressPolicy``) for what the socket libcurl opens cannot tell: a
/// request through a proxy connects to the proxy, whatever host its URL names, so the address
/// connected to (the open-socket callback, `CURLINFO_PRIMARY_IP`) is the proxy's. Such a hop is
/// judged by its URL instead: the host as libcurl reads it (``CurlURLParts``: every IPv4 spelling
/// normalized), an IP literal by its address, a name by every address ``HostResolver`` gives.
///
/// Run off the engine's thread and off the fetch loop's task before the request is handed to
/// libcurl (`CurlEngine`), since resolving a name blocks.
struct ProxyTargetCheck: Sendable {
    /// The URL of the hop before, fetched through a proxy, whose redirect led to this request
    /// before the hop's own address was judged: a public one makes the rule apply from here on
    /// (a name that does not resolve counts as public). nil when the rule is known already.
    var origin: String?
    /// The URL of this request when it goes through a proxy and the rule applies to it (or may:
    /// see `origin`): refused when its host is private or does not resolve. nil for a request
    /// connecting directly (the open-socket callback judges it).
    var target: String?
    let policy: AddressPolicy
    let resolver: HostResolver

    /// What a URL's host is under the policy: which kinds of address it has.
    struct Verdict: Equatable {
        var anyPrivate = false
        var anyPublic = false
        /// No address: the URL does not parse, or its name does not resolve.
        var isUnknown: Bool { !anyPrivate && !anyPublic }
    }

    /// The request to run, its `refusePrivate` set (so that a direct hop's socket is judged too),
    /// and whether `origin` was public; or the response that refuses it, before any connection.
    func apply(to request: HTTPRequest) -> (request: HTTPRequest, refusal: HTTPResponse?) {
        var checked = request
        checked.targetCheck = nil
        var fromPublic: Bool?
        if let origin {
            let verdict = verdict(of: origin)
            fromPublic = verdict.anyPublic || verdict.isUnknown
            checked.refusePrivate = checked.refusePrivate || fromPublic == true
        }
        checked.redirectedFromPublic = fromPublic
        if checked.refusePrivate, let target {
            let (verdict, pins) = judge(target)
            if verdict.anyPrivate || verdict.isUnknown {
                var refusal = HTTPResponse.notRun(
                    code: Int32(CURLE_COULDNT_CONNECT.rawValue),
                    errorText: "refused: the host of the URL given to the proxy is private or does not resolve")
                refusal.refusedPrivate = true
                refusal.redirectedFromPublic = fromPublic
                return (checked, refusal)
            }
            checked.pinnedAddresses = pins
        }
        return (checked, nil)
    }

    /// The kinds of address the host of `url` has.
    func verdict(of url: String) -> Verdict { judge(url).verdict }

    /// The verdict on the host of `url`, and the `CURLOPT_RESOLVE` entries (`name:port:addresses`,
    /// the name with and without its trailing dots) that pin a name to the addresses judged, so
    /// that libcurl, resolving it for a socks4/socks5 proxy, sends the proxy those and not the
    /// answer of a second lookup (none for an IP literal or a name without addresses).
    func judge(_ url: String) -> (verdict: Verdict, pins: [String]) {
        guard let parts = CurlURLParts(url) else { return (Verdict(), []) }
        var host = Substring(parts.host)
        while host.hasSuffix(".") { host = host.dropLast() }
        let literal = Self.literal(String(host))
        let addresses = literal.map { [$0] } ?? resolver.addresses(of: String(host))
        var verdict = Verdict()
        var pins: [String] = []
        if literal == nil, !addresses.isEmpty {
            let list = addresses.map { $0.isV4 ? $0.description : "[\($0.description)]" }.joined(separator: ",")
            pins = Set([parts.host, String(host)]).sorted().map { "\($0):\(parts.port):\(list)" }
        }
        for address in addresses {
            if policy.isPrivate(address) { verdict.anyPrivate = true } else { verdict.anyPublic = true }
        }
        return (verdict, pins)
    }

    /// The address an IP literal names: IPv6 or dotted IPv4 text (`inet_pton`), or any other IPv4
    /// spelling `inet_aton` accepts (`167772161`, `0x0a.1`, `012.0.0.1`) should libcurl leave one
    /// as written; nil for a name.
    static func literal(_ host: String) -> IPAddress? {
        if let address = IPAddress(host) { return address }
        guard !host.isEmpty, host.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x20 }) else { return nil }
        var v4 = in_addr()
        guard inet_aton(host, &v4) != 0 else { return nil }
        return IPAddress(bytes: withUnsafeBytes(of: &v4) { Array($0) })
    }
}
