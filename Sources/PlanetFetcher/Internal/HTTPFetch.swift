import CCurl
import Foundation
import PlanetBase

/// One http(s) fetch: a GET, then each redirect (RFC 9110 §15.4) as a request of its own, under
/// one deadline (the per-feed timeout covers every hop).
///
/// Redirects are followed here, not by libcurl, so that each hop is checked: at most
/// `maxRedirects`, no loop, only http and https, scheme and host lower-cased, credentials only
/// to the origin they were given for, and no hop from a public address into private address
/// space (``AddressPolicy``).
struct HTTPFetch: Sendable {
    let configuration: FetcherConfiguration
    let engine: CurlEngine
    /// The subscription URL (userinfo included).
    let url: URL
    let validators: FetchValidators?

    func run() async -> FetchResult.Outcome {
        let clock = ContinuousClock()
        let timeout = Duration.milliseconds(Int((configuration.timeout * 1000).rounded()))
        // The timeout counts from the start of the first request (which may wait for a place in
        // the engine), and covers every hop after it.
        var deadline = clock.now + timeout
        var firstStart: ContinuousClock.Instant?
        let credentials = URLText.userinfo(of: url.absoluteString)
        let home = URLText.origin(of: url.absoluteString)
        var current = URLText.lowercasingSchemeAndHost(url.absoluteString)
        var visited: Set<String> = [URLText.removingUserinfo(current)]
        var redirects = 0
        var permanentRedirect: URL?
        var onlyPermanent = true
        var refusePrivate = false
        var headers = ["Accept: \(FetcherConfiguration.accept)"]
        if let etag = validators?.etag { headers.append("If-None-Match: \(etag)") }
        if let lastModified = validators?.lastModified { headers.append("If-Modified-Since: \(lastModified)") }

        while true {
            let left = clock.now.duration(to: deadline)
            let milliseconds = Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            let response: HTTPResponse
            if milliseconds <= 0 {
                response = .notRun(code: 28, errorText: "the timeout ran out between redirects")
            } else {
                response = await engine.transfer(
                    HTTPRequest(
                        url: current, headers: headers, userAgent: configuration.userAgent,
                        timeoutMilliseconds: milliseconds, maxBytes: configuration.maxBytes,
                        refusePrivate: refusePrivate, policy: configuration.addressPolicy))
            }
            if firstStart == nil, let started = response.started {
                firstStart = started
                deadline = started + timeout
            }
            if refusePrivate && Self.hidesTarget(response) {
                return .failed(
                    FetchFailure(
                        kind: .privateAddress, url: url,
                        message: "'\(url.displayString)': \(FetchFailure.privateRedirect)"))
            }
            if response.conflictingLength && !response.cancelled {
                return .failed(
                    FetchFailure(
                        kind: .badResponse, url: url,
                        message:
                            "'\(url.displayString)': the answer from '\(Self.host(of: current))' has Content-Length "
                            + "fields that disagree, so its body cannot be framed (RFC 9112 §6.3); "
                            + "the server is broken, tell the site"
                    ))
            }
            guard response.code == 0, !response.headerCut else {
                return .failed(
                    FetchFailure(
                        curl: response, url: url, host: Self.host(of: current),
                        configuration: configuration))
            }
            switch response.status {
            case 304:
                return .notModified
            case 200..<300:
                return .fetched(
                    FetchedDocument(
                        data: response.body,
                        finalURL: URL(string: URLText.removingUserinfo(current)) ?? url,
                        contentType: response.headers["content-type"], status: response.status,
                        etag: response.headers["etag"], lastModified: response.headers["last-modified"],
                        permanentRedirect: permanentRedirect))
            case 301, 302, 303, 307, 308:
                guard let location = response.redirectURL else {
                    return .failed(
                        FetchFailure(
                            kind: .other, url: url, status: response.status,
                            message:
                                "'\(url.displayString)': HTTP \(response.status) redirect without a usable Location "
                                + "header; ask the site for the feed's new address"
                        ))
                }
                var target = URLText.lowercasingSchemeAndHost(URLText.removingUserinfo(location))
                guard URLScheme.hasHTTPScheme(target) else {
                    return .failed(
                        FetchFailure(
                            kind: .other, url: url, status: response.status,
                            message:
                                "'\(url.displayString)': HTTP \(response.status) redirect to a URL that is not "
                                + "http(s); only http and https are followed, ask the site for the feed's address"
                        ))
                }
                redirects += 1
                guard redirects <= configuration.maxRedirects, visited.insert(target).inserted else {
                    return .failed(
                        FetchFailure(
                            kind: .tooManyRedirects, url: url,
                            message:
                                "'\(url.displayString)': more than \(configuration.maxRedirects) redirects (or a "
                                + "redirect loop)"
                        ))
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
                refusePrivate = refusePrivate || !response.connectedPrivate
                current = target
            case 400...:
                return .failed(
                    FetchFailure(
                        status: response.status, headers: response.headers, url: url,
                        credentialsSent: URLText.userinfo(of: current) != nil))
            default:
                return .failed(
                    FetchFailure(
                        kind: .other, url: url, status: response.status,
                        message:
                            "'\(url.displayString)': unexpected HTTP \(response.status); ask the site to serve the "
                            + "feed with 200"
                    ))
            }
        }
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
