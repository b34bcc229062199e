import Foundation

/// Which proxy, if any, each http(s) request goes through: the proxy environment variables read
/// as libcurl 7.88 reads them (`lib/url.c`, `detect_proxy`; `lib/noproxy.c`), or one proxy given
/// outright. The fetcher decides per request and tells libcurl (`CURLOPT_PROXY`, `""` for none),
/// so libcurl never reads the environment itself: the private-address rule then knows which
/// requests open a socket to the proxy instead of to the URL's host, and judges those by the
/// address the URL names (docs/ARCHITECTURE.md, Rules 7; README "Hostile servers").
public struct ProxySettings: Sendable, Equatable {
    /// The proxy of `http:` URLs (`http_proxy`; libcurl ignores upper-case `HTTP_PROXY`, which a
    /// CGI request can set through a `Proxy:` header), nil for none.
    let http: String?
    /// The proxy of `https:` URLs (`https_proxy`, `HTTPS_PROXY`), nil for none.
    let https: String?
    /// The `no_proxy` list as given: hosts, domains and IP addresses (with `/bits`) reached
    /// directly; `*` alone: every host.
    let noProxy: String

    /// No proxy at all.
    public static let none = ProxySettings(http: nil, https: nil, noProxy: "")

    private init(http: String?, https: String?, noProxy: String) {
        self.http = http.flatMap { $0.isEmpty ? nil : $0 }
        self.https = https.flatMap { $0.isEmpty ? nil : $0 }
        self.noProxy = noProxy
    }

    /// The proxies `environment` names, as libcurl would take them: `http_proxy` for http,
    /// `https_proxy` then `HTTPS_PROXY` for https, each else `all_proxy` then `ALL_PROXY` (a
    /// variable set but empty means no proxy, without falling back); `no_proxy` then `NO_PROXY`
    /// exempt hosts.
    /// - Parameter environment: the process environment (`ProcessInfo.processInfo.environment`).
    public init(environment: [String: String]) {
        let all = environment["all_proxy"] ?? environment["ALL_PROXY"]
        self.init(
            http: environment["http_proxy"] ?? all,
            https: environment["https_proxy"] ?? environment["HTTPS_PROXY"] ?? all,
            noProxy: environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
    }

    /// One proxy for every http(s) URL but those `noProxy` exempts (`CURLOPT_PROXY` and
    /// `CURLOPT_NOPROXY` given outright; tests send requests to a proxy of their own this way).
    /// - Parameters:
    ///   - proxy: the proxy's URL (`http://127.0.0.1:3128`), as libcurl takes it.
    ///   - noProxy: the `no_proxy` list (comma-separated hosts, domains, IP addresses).
    public init(proxy: String, noProxy: String = "") {
        self.init(http: proxy, https: proxy, noProxy: noProxy)
    }

    /// The settings of this process's environment.
    public static var environment: ProxySettings { ProxySettings(environment: ProcessInfo.processInfo.environment) }

    /// True when some request may go through a proxy.
    public var isInUse: Bool { http != nil || https != nil }

    /// The proxy a request for `url` goes through, nil for a direct connection.
    /// - Parameter url: an absolute http(s) URL.
    package func proxy(for url: String) -> String? {
        guard isInUse, let parsed = CurlURLParts(url) else { return nil }
        let proxy = parsed.scheme == "https" ? https : parsed.scheme == "http" ? http : nil
        guard let proxy, !Self.exempts(noProxy, host: parsed.host) else { return nil }
        return proxy
    }

    /// Whether the `no_proxy` list exempts `host` (brackets of an IPv6 literal removed), as
    /// libcurl 7.88's `Curl_check_noproxy` decides: `*` alone exempts every host; otherwise blanks
    /// around each entry and commas between them (a blank between two entries ends the list);
    /// a name matches an entry equal to it or to one of its parent domains (a leading dot of the
    /// entry and trailing dots ignored, case-insensitive); an IP address matches an address
    /// entry, with a `/bits` prefix length when it has one.
    static func exempts(_ list: String, host: String) -> Bool {
        let list = Array(list.utf8)
        guard !list.isEmpty, !host.isEmpty else { return false }
        if list == [UInt8(ascii: "*")] { return true }
        let address = IPAddress(host)
        var name = Array(host.lowercased().utf8)
        if address == nil, name.last == UInt8(ascii: ".") { name.removeLast() }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var at = 0
        while at < list.count {
            while at < list.count, isBlank(list[at]) { at += 1 }
            let start = at
            while at < list.count, !isBlank(list[at]), list[at] != UInt8(ascii: ",") { at += 1 }
            let token = String(decoding: list[start..<at], as: UTF8.self)
            if !token.isEmpty {
                if let address {
                    if matches(address, token) { return true }
                } else if matches(name: name, Array(token.lowercased().utf8)) {
                    return true
                }
            }
            while at < list.count, isBlank(list[at]) { at += 1 }
            guard at < list.count, list[at] == UInt8(ascii: ",") else { break }
            while at < list.count, list[at] == UInt8(ascii: ",") { at += 1 }
        }
        return false
    }

    /// A host name against one entry: equal, or a parent domain of it.
    private static func matches(name: [UInt8], _ entry: [UInt8]) -> Bool {
        var token = entry[...]
        if token.last == UInt8(ascii: ".") { token = token.dropLast() }
        if token.first == UInt8(ascii: ".") { token = token.dropFirst() }
        if token.count == name.count { return token.elementsEqual(name) }
        guard token.count < name.count, !token.isEmpty else { return false }
        return name[name.count - token.count - 1] == UInt8(ascii: ".") && name.suffix(token.count).elementsEqual(token)
    }

    /// An IP address against one entry `address[/bits]` of the same family (no bits, or 0: the
    /// whole address).
    private static func matches(_ address: IPAddress, _ entry: String) -> Bool {
        let parts = entry.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let network = IPAddress(String(parts[0])), network.bytes.count == address.bytes.count else {
            return false
        }
        var bits = address.bytes.count * 8
        if parts.count == 2 {
            guard let given = Int(parts[1]), given >= 0, given <= bits else { return false }
            if given > 0 { bits = given }
        }
        for index in 0..<address.bytes.count where bits > 0 {
            let take = min(8, bits)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - take))
            guard address.bytes[index] & mask == network.bytes[index] & mask else { return false }
            bits -= take
        }
        return true
    }
}
