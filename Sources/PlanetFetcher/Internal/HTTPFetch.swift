import CCurl
import Foundation
import PlanetBase

/// One http(s) fetch: a GET, then each redirect (RFC 9110 §15.4) as a request of its own, under
/// one deadline (the per-feed timeout covers every hop). A state machine: `start()` gives the
/// first request, `next(after:)` what follows each response, so that one task may drive many
/// fetches (`Fetcher.fetchAll`) or one (`run(_:)`).
///
/// Redirects are followed here, not by libcurl, so that each hop is checked: at most
/// `maxRedirects`, no loop, only http and https, scheme and host lower-cased, credentials only
/// to the origin they were given for, and no hop from a public address into private address
/// space (``AddressPolicy``). A hop through a proxy (``ProxySettings``) is judged by the host its
/// URL names, not by the socket, which is the proxy's (``ProxyTargetCheck``).
struct HTTPFetch: Sendable {
    let configuration: FetcherConfiguration
    /// The subscription URL (userinfo included).
    let url: URL
    let validators: FetchValidators?

    /// What comes next in a fetch: a request for the engine, or the end.
    enum Step: Sendable {
        case transfer(HTTPRequest)
        case done(FetchResult.Outcome)
    }

    private let timeout: Duration
    /// The timeout counts from the start of the first request (which may wait for a place in
    /// the engine), and covers every hop after it.
    private var deadline: ContinuousClock.Instant
    /// When the engine started the first request (its time limit counts from then).
    private(set) var firstStart: ContinuousClock.Instant?
    private let credentials: String?
    private let home: String?
    private var current: String
    private var visited: Set<String>
    private var redirects = 0
    private var permanentRedirect: URL?
    private var onlyPermanent = true
    private var refusePrivate: Bool
    /// The URL of the last hop when it went through a proxy and redirected before the rule was
    /// known to apply: the next request's ``ProxyTargetCheck`` judges it (lazily: only a redirect
    /// needs to know, and resolving a name costs a lookup).
    private var unjudged: String?
    /// Whether the request for `current` goes through a proxy.
    private var currentProxied = false
    private let headers: [[CChar]]
    /// Whether the connections of this fetch may stay open for a later request
    /// (``HTTPRequest/keepConnection``).
    private let keepConnection: Bool

    /// - Parameters:
    ///   - keepConnection: false when no later fetch of the build goes to this feed's host: its
    ///     connection is closed after use instead of waiting in libcurl's cache.
    ///   - listedBy: the reading list that names the feed: judged as the hop before the first
    ///     (``ProxyTargetCheck``), so a public list cannot lead into private address space.
    init(
        configuration: FetcherConfiguration, url: URL, validators: FetchValidators?, keepConnection: Bool = true,
        listedBy: URL? = nil
    ) {
        self.configuration = configuration
        self.keepConnection = keepConnection
        refusePrivate = configuration.refusesPrivateFromStart
        self.url = url
        self.validators = validators
        timeout = Duration.milliseconds(Int((configuration.timeout * 1000).rounded()))
        deadline = ContinuousClock.now + timeout
        credentials = URLText.userinfo(of: url.absoluteString)
        home = URLText.origin(of: url.absoluteString)
        current = URLText.lowercasingSchemeAndHost(url.absoluteString)
        visited = [URLText.removingUserinfo(current)]
        unjudged = listedBy.map { URLText.lowercasingSchemeAndHost(URLText.removingUserinfo($0.absoluteString)) }
        var headers = ["Accept: \(FetcherConfiguration.accept)"]
        if let etag = validators?.etag { headers.append("If-None-Match: \(etag)") }
        if let lastModified = validators?.lastModified { headers.append("If-Modified-Since: \(lastModified)") }
        self.headers = headers.map(HTTPRequest.headerLine)
    }

    /// Runs the fetch through `engine`, one request at a time.
    func run(_ engine: CurlEngine) async -> FetchResult.Outcome {
        var fetch = self
        var step = fetch.start()
        while true {
            switch step {
            case .done(let outcome): return outcome
            case .transfer(let request): step = fetch.next(after: await engine.transfer(request))
            }
        }
    }

    /// The first request.
    mutating func start() -> Step {
        request()
    }

    /// The request for `current` with the time left, or the end when none is left.
    private mutating func request() -> Step {
        let milliseconds = Int(ContinuousClock.now.duration(to: deadline).inMilliseconds())
        guard milliseconds > 0 else {
            return next(after: .notRun(code: 28, errorText: "the timeout ran out between redirects"))
        }
        let proxy = configuration.proxies.proxy(for: current)
        if let loopback = configuration.loopbackOnly, !loopback.admits(current, proxy: proxy) {
            let message = LoopbackGuard.message(url, hop: current)
            return .done(.failed(FetchFailure(kind: .other, url: url, message: message)))
        }
        currentProxied = proxy != nil
        return .transfer(
            HTTPRequest(
                url: current, host: URLText.origin(of: current) ?? current, headers: headers,
                userAgent: configuration.userAgent,
                timeoutMilliseconds: milliseconds, maxBytes: configuration.maxBytes,
                refusePrivate: refusePrivate, policy: configuration.addressPolicy,
                trustStore: configuration.trustStore ?? TrustStore.systemBundle, keepConnection: keepConnection,
                proxy: proxy, targetCheck: targetCheck(proxied: proxy != nil)))
    }

    /// The check the request for `current` needs before it is sent: the hop before judged when it
    /// went through a proxy and the rule is not known yet, and this hop by its URL when it goes
    /// through a proxy and the rule applies (or may); nil when the socket can judge it.
    private func targetCheck(proxied: Bool) -> ProxyTargetCheck? {
        let origin = refusePrivate ? nil : unjudged
        let target = proxied && (refusePrivate || origin != nil) ? current : nil
        guard origin != nil || target != nil else { return nil }
        return ProxyTargetCheck(
            origin: origin, target: target, policy: configuration.addressPolicy, resolver: configuration.resolver)
    }

    /// What follows `response`, the answer to the last request: the outcome, or the next hop.
    mutating func next(after response: HTTPResponse) -> Step {
        if firstStart == nil, let started = response.started {
            firstStart = started
            deadline = started + timeout
        }
        if let fromPublic = response.redirectedFromPublic {
            refusePrivate = refusePrivate || fromPublic
            unjudged = nil
        }
        if let failure = transportFailure(of: response) { return .done(.failed(failure)) }
        switch response.status {
        case 304:
            let fresh = FetchValidators(etag: response.headers["etag"], lastModified: response.headers["last-modified"])
            return .done(
                .notModified(
                    permanentRedirect: permanentRedirect, validators: fresh.isEmpty ? nil : fresh,
                    freshness: HTTPFreshness(headers: response.headers)))
        case 200..<300:
            return .done(
                .fetched(
                    FetchedDocument(
                        data: response.body,
                        finalURL: URL(string: URLText.removingUserinfo(current)) ?? url,
                        contentType: response.headers["content-type"], status: response.status,
                        etag: response.headers["etag"], lastModified: response.headers["last-modified"],
                        permanentRedirect: permanentRedirect, freshness: HTTPFreshness(headers: response.headers),
                        contentLanguage: response.headers["content-language"])))
        case 301, 302, 303, 307, 308:
            return follow(response)
        case 400...:
            return .done(
                .failed(
                    FetchFailure(
                        status: response.status, headers: response.headers, url: url,
                        credentialsSent: URLText.userinfo(of: current) != nil)))
        default:
            return .done(
                .failed(
                    FetchFailure(
                        kind: .other, url: url, status: response.status,
                        message:
                            "'\(url.displayString)': unexpected HTTP \(response.status); ask the site to serve the "
                            + "feed with 200"
                    )))
        }
    }

    /// The failure of an exchange that gave no usable response, whatever its status: a hop into
    /// private space hidden as one failure, a body that cannot be framed, a libcurl error or a
    /// header cut short; nil when the response can be read.
    private func transportFailure(of response: HTTPResponse) -> FetchFailure? {
        if refusePrivate && Self.hidesTarget(response) {
            return FetchFailure(
                kind: .privateAddress, url: url, message: "'\(url.displayString)': \(FetchFailure.privateRedirect)")
        }
        if response.conflictingLength && !response.cancelled {
            return FetchFailure(
                kind: .badResponse, url: url,
                message:
                    "'\(url.displayString)': the answer from '\(Self.host(of: current))' has Content-Length "
                    + "fields that disagree, so its body cannot be framed (RFC 9112 §6.3); "
                    + "the server is broken, tell the site")
        }
        guard response.code == 0, !response.headerCut else {
            return FetchFailure(curl: response, url: url, host: Self.host(of: current), configuration: configuration)
        }
        return nil
    }

    /// The next hop for a redirect (RFC 9110 §15.4), or the failure that ends the fetch: no
    /// usable Location, a scheme other than http(s), too many hops or a loop.
    private mutating func follow(_ response: HTTPResponse) -> Step {
        func failed(_ kind: FetchFailure.Kind, _ what: String) -> Step {
            .done(
                .failed(
                    FetchFailure(
                        kind: kind, url: url, status: kind == .tooManyRedirects ? nil : response.status,
                        message: "'\(url.displayString)': \(what)")))
        }
        guard let location = response.redirectURL else {
            return failed(
                .other,
                "HTTP \(response.status) redirect without a usable Location header; ask the site for the feed's new "
                    + "address")
        }
        var target = URLText.lowercasingSchemeAndHost(URLText.removingUserinfo(location))
        guard URLScheme.hasHTTPScheme(target) else {
            return failed(
                .other,
                "HTTP \(response.status) redirect to a URL that is not http(s); only http and https are followed, ask "
                    + "the site for the feed's address")
        }
        redirects += 1
        guard redirects <= configuration.maxRedirects, visited.insert(target).inserted else {
            return failed(
                .tooManyRedirects, "more than \(configuration.maxRedirects) redirects (or a redirect loop)")
        }
        // Credentials go only where they were given: the same scheme, host and port.
        if let credentials, URLText.origin(of: target) == home {
            target = URLText.addingUserinfo(credentials, to: target)
        }
        if [301, 308].contains(response.status) && onlyPermanent {
            permanentRedirect = URL(string: target)
        } else {
            onlyPermanent = false
        }
        if currentProxied {
            // The socket was the proxy's: the hop is judged by its URL, with the next request.
            if !refusePrivate { unjudged = current }
        } else {
            refusePrivate = refusePrivate || !response.connectedPrivate
        }
        current = target
        return request()
    }

    /// Whether a hop that a redirect from a public address led to ended in a way whose report
    /// would tell something of the network behind planet: a private address (refused before
    /// connecting, or connected to), or a host name that does not resolve (which tells, beside
    /// a name that resolves to a private address, which internal names exist). All of them read
    /// as one failure (`FetchFailure.privateRedirect`; README "Hostile servers").
    static func hidesTarget(_ response: HTTPResponse) -> Bool {
        response.refusedPrivate || response.connectedPrivate
            || CURLcode(UInt32(response.code)) == CURLE_COULDNT_RESOLVE_HOST
    }

    /// The host of an absolute URL's text, for messages (brackets of an IPv6 literal kept).
    static func host(of text: String) -> String {
        guard let origin = URLText.origin(of: text), let start = origin.range(of: "://")?.upperBound else {
            return text
        }
        var host = origin[start...]
        if host.hasPrefix("[") {
            if let end = host.firstIndex(of: "]") { return String(host[...end]) }
            return String(host)
        }
        if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        return String(host)
    }
}
