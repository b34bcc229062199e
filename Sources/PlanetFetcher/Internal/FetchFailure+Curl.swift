import CCurl
import Foundation
import PlanetBase

extension FetchFailure {
    /// The failure for a transfer libcurl ended with an error (`response.code` ≠ CURLE_OK), in
    /// words that name the cause and what to do next.
    /// - Parameters:
    ///   - response: what the engine reported.
    ///   - url: the subscription URL (shown without userinfo).
    ///   - host: the host of the request that failed (a redirect target, possibly).
    ///   - configuration: the fetcher's timeout and size cap, named in messages.
    init(curl response: HTTPResponse, url: URL, host: String, configuration: FetcherConfiguration) {
        let (kind, what) = Self.classify(response, host: host, configuration: configuration)
        self.init(kind: kind, url: url, message: "'\(url.displayString)': \(what)")
    }

    /// libcurl's error text without the figures that differ from one attempt to the next: the
    /// milliseconds a connect took ("… port 443 after 3012 ms: …") and the bytes a cut transfer
    /// had left or had received ("transfer closed with 146 bytes remaining to read"). The same
    /// failure then gives the same message build after build, so a failing feed changes the
    /// status page once, not every build (README, "Running from cron").
    static func withoutRunFigures(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        func isNumber(_ index: Int) -> Bool {
            index < words.count && !words[index].isEmpty && words[index].allSatisfy(\.isASCII)
                && words[index].allSatisfy(\.isNumber)
        }
        var index = 0
        while index < words.count {
            let next = index + 1 < words.count ? words[index + 1] : ""
            if words[index] == "after", isNumber(index + 1), index + 2 < words.count,
                ["ms", "ms:", "ms,", "milliseconds", "milliseconds:", "milliseconds,"].contains(words[index + 2])
            {
                // "after 3012 ms: Connection refused" → ": Connection refused" on the word before.
                let tail = words[index + 2].drop { $0.isLetter }
                words.removeSubrange(index...(index + 2))
                if !tail.isEmpty, index > 0 { words[index - 1] += tail }
                continue
            }
            if isNumber(index), next == "bytes" || next == "out" {
                // "with 146 bytes remaining", "with 0 out of 5120 bytes received"
                if next == "out", index + 3 < words.count, words[index + 2] == "of", isNumber(index + 3) {
                    words.replaceSubrange(index...(index + 3), with: ["some"])
                } else {
                    words[index] = "some"
                }
            }
            index += 1
        }
        return words.joined(separator: " ")
    }

    /// Kind and plain-words description of a libcurl result: the engine's own verdicts first
    /// (cancelled, too large, refused, a cut header), then the rule of the libcurl code
    /// (``curlRules``), else "request failed" with the code.
    static func classify(
        _ response: HTTPResponse, host: String,
        configuration: FetcherConfiguration
    ) -> (Kind, String) {
        let context = CurlContext(
            host: host, detail: Self.withoutRunFigures(response.errorText), configuration: configuration)
        if let verdict = engineVerdict(response, context) { return verdict }
        let code = CURLcode(UInt32(response.code))
        return curlRules[code.rawValue]?(context)
            ?? (.other, "request failed (libcurl error \(response.code): \(context.detail))")
    }

    /// What a rule of ``curlRules`` reads: the host of the failed request, libcurl's error text
    /// without run figures, and the limits named in messages.
    struct CurlContext: Sendable {
        let host: String
        let detail: String
        let configuration: FetcherConfiguration
    }

    /// Kind and description of a failure the engine decided itself, before libcurl's code.
    private static func engineVerdict(_ response: HTTPResponse, _ context: CurlContext) -> (Kind, String)? {
        let code = CURLcode(UInt32(response.code))
        if response.cancelled { return (.other, "fetch cancelled") }
        if response.tooLarge { return tooLarge(context) }
        if response.refusedPrivate { return (.privateAddress, privateRedirect) }
        // A header still arriving when the time ran out is a stalled server (a rule), not a cut one.
        guard response.headerCut && code != CURLE_OPERATION_TIMEDOUT else { return nil }
        if code == CURLE_OUT_OF_MEMORY {
            return (
                .badResponse,
                "a response header from '\(context.host)' is too large (over \(CURL_MAX_HTTP_HEADER / 1024) KB); "
                    + "the server is broken"
            )
        }
        let why = response.code == 0 ? "the connection closed" : context.detail
        return (
            .badResponse, "the answer from '\(context.host)' stopped inside its header (\(why)); the server is broken"
        )
    }

    private static func tooLarge(_ context: CurlContext) -> (Kind, String) {
        (
            .tooLarge,
            "body larger than the cap of \(context.configuration.maxBytes) bytes; raise max_bytes in feeds.txt if the "
                + "feed is that big"
        )
    }

    /// A libcurl code's rule: kind and words from the context.
    typealias CurlRule = @Sendable (CurlContext) -> (Kind, String)

    /// The rule of each libcurl code planet names (CURLcode's raw value → rule); codes that
    /// share a rule are listed together.
    static let curlRules: [UInt32: CurlRule] = {
        var table: [UInt32: CurlRule] = [:]
        for (codes, rule) in connectionRules + responseRules + tlsAndRequestRules {
            for code in codes { table[code.rawValue] = rule }
        }
        return table
    }()

    /// Rules for failures to reach the server or to keep the connection.
    private static let connectionRules: [([CURLcode], CurlRule)] = [
        (
            [CURLE_COULDNT_RESOLVE_HOST],
            { (.hostNotFound, "host '\($0.host)' not found; check the name, or whether the site still exists") }
        ),
        (
            [CURLE_COULDNT_RESOLVE_PROXY],
            { (.hostNotFound, "the proxy host was not found (\($0.detail)); check http_proxy / https_proxy") }
        ),
        (
            [CURLE_COULDNT_CONNECT],
            { context in
                if context.detail.contains("unreachable") || context.detail.contains("No route") {
                    return (
                        .noConnection,
                        "no connection to the internet (\(context.detail)); check the network of this machine"
                    )
                }
                return (
                    .connectionFailed,
                    "could not connect to '\(context.host)' (\(context.detail)); the server may be down or refusing "
                        + "connections, try again later"
                )
            }
        ),
        (
            [CURLE_OPERATION_TIMEDOUT],
            {
                (
                    .timeout,
                    "no complete answer within \(seconds($0.configuration.timeout)); the server is slow or stalled "
                        + "(raise --timeout if it is only slow)"
                )
            }
        ),
        (
            [CURLE_PARTIAL_FILE],
            {
                (
                    .connectionFailed,
                    "connection to '\($0.host)' lost before the feed was complete (\($0.detail)); "
                        + "the network or the server dropped it, try again later"
                )
            }
        ),
        (
            [CURLE_GOT_NOTHING],
            { (.connectionFailed, "'\($0.host)' closed the connection without an answer (\($0.detail))") }
        ),
        (
            [CURLE_SEND_ERROR, CURLE_RECV_ERROR],
            { context in
                if context.detail.localizedCaseInsensitiveContains("chunk") {
                    return (
                        .badResponse,
                        "the chunked body from '\(context.host)' is malformed (\(context.detail)); the server is broken"
                    )
                }
                return (
                    .connectionFailed,
                    "connection to '\(context.host)' lost (\(context.detail)); the network or the server dropped it, "
                        + "try again later"
                )
            }
        ),
        (
            [CURLE_PROXY],
            { (.connectionFailed, "the proxy failed (\($0.detail)); check http_proxy / https_proxy") }
        )
    ]

    /// Rules for answers that came but cannot be read.
    private static let responseRules: [([CURLcode], CurlRule)] = [
        (
            [CURLE_WEIRD_SERVER_REPLY],
            { (.badResponse, "the answer from '\($0.host)' is not valid HTTP (\($0.detail)); the server is broken") }
        ),
        (
            [CURLE_BAD_CONTENT_ENCODING],
            {
                (
                    .badResponse,
                    "the body from '\($0.host)' could not be decoded (\($0.detail)); "
                        + "its Content-Encoding is broken, tell the site"
                )
            }
        ),
        (
            [CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3],
            { (.badResponse, "HTTP/2 error talking to '\($0.host)' (\($0.detail)); the server is broken") }
        ),
        ([CURLE_FILESIZE_EXCEEDED], tooLarge),
        (
            [CURLE_UNSUPPORTED_PROTOCOL],
            { context in
                guard context.detail.contains("HTTP/0.9") else {
                    return (.other, "only http and https URLs are fetched (\(context.detail))")
                }
                // No status line: another protocol (TLS, SSH, …) on the port, or an HTTP/0.9 server.
                return (
                    .badResponse,
                    "the answer from '\(context.host)' is not HTTP: it has no status line (\(context.detail)); "
                        + "check the scheme and port of the URL, or tell the site"
                )
            }
        ),
        (
            // libcurl stops a transfer here when a compressed body does not decode as one stream
            // (two gzip members, bytes after the stream: curl/curl#3796), as well as when planet
            // refuses the body (its size cap is reported before this).
            [CURLE_WRITE_ERROR],
            {
                (
                    .badResponse,
                    "the body could not be read (\($0.detail)); with a Content-Encoding such as gzip, the server's "
                        + "compressed body is broken (two streams, or bytes after its end): ask the site to fix it"
                )
            }
        )
    ]

    /// Rules for TLS, credentials, memory and the URL itself.
    private static let tlsAndRequestRules: [([CURLcode], CurlRule)] = [
        (
            [CURLE_PEER_FAILED_VERIFICATION],
            { (.tlsError, "the certificate of \($0.host) is not trusted (\($0.detail)); fix the server or its chain") }
        ),
        (
            [
                CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER, CURLE_USE_SSL_FAILED, CURLE_SSL_SHUTDOWN_FAILED,
                CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_ISSUER_ERROR
            ],
            {
                (
                    .tlsError,
                    "TLS handshake with \($0.host) failed (\($0.detail)); check that the server speaks https on this "
                        + "port with a current TLS version and a valid certificate"
                )
            }
        ),
        (
            [
                CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CLIENTCERT,
                CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED
            ],
            {
                (
                    .tlsError,
                    "TLS is not usable on this machine (\($0.detail)); install or repair the ca-certificates package"
                )
            }
        ),
        (
            [CURLE_LOGIN_DENIED, CURLE_AUTH_ERROR, CURLE_REMOTE_ACCESS_DENIED],
            {
                (
                    .needsCredentials,
                    "the server refused the credentials (\($0.detail)); check user and password in the URL"
                )
            }
        ),
        (
            [CURLE_OUT_OF_MEMORY],
            { (.other, "libcurl ran out of memory (\($0.detail)); the machine is short of memory") }
        ),
        ([CURLE_URL_MALFORMAT], { (.other, "not a valid URL (\($0.detail)); fix it in feeds.txt") })
    ]

    /// The one message for a refused redirect: it names neither the target nor anything found
    /// there (not even whether its name resolves), so the status page tells nothing about the
    /// private network.
    static let privateRedirect =
        "a redirect from a public address led into private address space, or to a host name that does not resolve, and "
        + "was not followed; if the feed really lives there, subscribe to its address directly"

    /// An HTTP error status (RFC 9110 §15.5, §15.6): "HTTP 404 Not Found", with `Retry-After`;
    /// a 401 names the scheme the server asks for (`WWW-Authenticate`, RFC 9110 §11.6.1).
    /// - Parameter credentialsSent: whether the request that got the status carried the URL's
    ///   credentials (they are not sent to another origin after a redirect).
    init(status: Int, headers: [String: String], url: URL, credentialsSent: Bool) {
        let place = "'\(url.displayString)'"
        if status == 401 {
            let challenge =
                headers["www-authenticate"].map { " (\($0.prefix { $0 != " " && $0 != "," }) authentication)" } ?? ""
            let next: String
            if credentialsSent {
                next = "the user or password in the URL is not accepted; check them"
            } else if URLText.userinfo(of: url.absoluteString) != nil {
                next =
                    "a redirect led to another host or port, where the URL's credentials are not sent; "
                    + "subscribe to the feed's address there"
            } else {
                next = "put a user and password in the URL in feeds.txt (https://user:password@host/…)"
            }
            self.init(
                kind: .needsCredentials, url: url, status: status,
                message: "\(place): HTTP 401 Unauthorized: the feed needs credentials\(challenge); \(next)")
            return
        }
        self.init(
            kind: .httpError, url: url, status: status,
            message:
                "\(place): HTTP \(status) \(HTTPStatus.phrase(status))"
                + "\(Self.nextStep(status: status, waits: RetryAfter(headers["retry-after"]) != nil))",
            retryAfter: headers["retry-after"])
    }

    /// What an admin can do about an HTTP error status, as "; …" (empty when nothing useful
    /// can be said). RFC 9110 §15.5 (4xx: the request, here the URL, is at fault), §15.6 (5xx);
    /// `waits`: the answer had a readable `Retry-After` (§10.2.3), which builds honour.
    static func nextStep(status: Int, waits: Bool) -> String {
        if waits, status == 429 || status >= 500 {
            return "; the server asks planet to wait: builds skip the feed until its Retry-After has passed"
        }
        switch status {
        case 404:
            return "; the feed is not at this address: find its new one on the site ('planet add SITE' looks for it)"
        case 410:
            return "; the site removed the feed for good: remove it from feeds.txt"
        case 403:
            return "; the server refuses planet (it may block crawlers or this User-Agent): ask the site"
        case 429:
            return "; the server asks for fewer requests: fetch it less often, or ask the site"
        case 400..<500:
            return "; the server rejects the request: check the URL in feeds.txt"
        case 500..<600:
            return "; the server failed: try again later, and tell the site if it lasts"
        default:
            return ""
        }
    }

    /// "1 s", "0.5 s", "30 s".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
