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

    /// Kind and plain-words description of a libcurl result.
    static func classify(
        _ response: HTTPResponse, host: String,
        configuration: FetcherConfiguration
    ) -> (Kind, String) {
        let detail = Self.withoutRunFigures(response.errorText)
        if response.cancelled { return (.other, "fetch cancelled") }
        if response.tooLarge {
            return (
                .tooLarge,
                "body larger than the cap of \(configuration.maxBytes) bytes; raise max_bytes in feeds.txt if the feed "
                    + "is that big"
            )
        }
        if response.refusedPrivate { return (.privateAddress, privateRedirect) }
        // A header still arriving when the time ran out is a stalled server (below), not a cut one.
        if response.headerCut && CURLcode(UInt32(response.code)) != CURLE_OPERATION_TIMEDOUT {
            if CURLcode(UInt32(response.code)) == CURLE_OUT_OF_MEMORY {
                return (
                    .badResponse,
                    "a response header from '\(host)' is too large (over \(CURL_MAX_HTTP_HEADER / 1024) KB); "
                        + "the server is broken"
                )
            }
            let why = response.code == 0 ? "the connection closed" : detail
            return (.badResponse, "the answer from '\(host)' stopped inside its header (\(why)); the server is broken")
        }
        switch CURLcode(UInt32(response.code)) {
        case CURLE_COULDNT_RESOLVE_HOST:
            return (.hostNotFound, "host '\(host)' not found; check the name, or whether the site still exists")
        case CURLE_COULDNT_RESOLVE_PROXY:
            return (.hostNotFound, "the proxy host was not found (\(detail)); check http_proxy / https_proxy")
        case CURLE_COULDNT_CONNECT:
            if detail.contains("unreachable") || detail.contains("No route") {
                return (.noConnection, "no connection to the internet (\(detail)); check the network of this machine")
            }
            return (
                .connectionFailed,
                "could not connect to '\(host)' (\(detail)); the server may be down or refusing connections, try again "
                    + "later"
            )
        case CURLE_OPERATION_TIMEDOUT:
            return (
                .timeout,
                "no complete answer within \(seconds(configuration.timeout)); the server is slow or stalled (raise "
                    + "--timeout if it is only slow)"
            )
        case CURLE_PARTIAL_FILE:
            return (
                .connectionFailed,
                "connection to '\(host)' lost before the feed was complete (\(detail)); "
                    + "the network or the server dropped it, try again later"
            )
        case CURLE_GOT_NOTHING:
            return (.connectionFailed, "'\(host)' closed the connection without an answer (\(detail))")
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR:
            if detail.localizedCaseInsensitiveContains("chunk") {
                return (.badResponse, "the chunked body from '\(host)' is malformed (\(detail)); the server is broken")
            }
            return (
                .connectionFailed,
                "connection to '\(host)' lost (\(detail)); the network or the server dropped it, try again later"
            )
        case CURLE_WEIRD_SERVER_REPLY:
            return (.badResponse, "the answer from '\(host)' is not valid HTTP (\(detail)); the server is broken")
        case CURLE_BAD_CONTENT_ENCODING:
            return (
                .badResponse,
                "the body from '\(host)' could not be decoded (\(detail)); "
                    + "its Content-Encoding is broken, tell the site"
            )
        case CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3:
            return (.badResponse, "HTTP/2 error talking to '\(host)' (\(detail)); the server is broken")
        case CURLE_OUT_OF_MEMORY:
            return (.other, "libcurl ran out of memory (\(detail)); the machine is short of memory")
        case CURLE_FILESIZE_EXCEEDED:
            return (
                .tooLarge,
                "body larger than the cap of \(configuration.maxBytes) bytes; raise max_bytes in feeds.txt if the feed "
                    + "is that big"
            )
        case CURLE_PEER_FAILED_VERIFICATION:
            return (.tlsError, "the certificate of \(host) is not trusted (\(detail)); fix the server or its chain")
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER, CURLE_USE_SSL_FAILED, CURLE_SSL_SHUTDOWN_FAILED,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_ISSUER_ERROR:
            return (
                .tlsError,
                "TLS handshake with \(host) failed (\(detail)); check that the server speaks https on this port with a "
                    + "current TLS version and a valid certificate"
            )
        case CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CLIENTCERT,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED:
            return (
                .tlsError,
                "TLS is not usable on this machine (\(detail)); install or repair the ca-certificates package"
            )
        case CURLE_LOGIN_DENIED, CURLE_AUTH_ERROR, CURLE_REMOTE_ACCESS_DENIED:
            return (
                .needsCredentials, "the server refused the credentials (\(detail)); check user and password in the URL"
            )
        case CURLE_URL_MALFORMAT:
            return (.other, "not a valid URL (\(detail)); fix it in feeds.txt")
        case CURLE_UNSUPPORTED_PROTOCOL where detail.contains("HTTP/0.9"):
            // No status line: another protocol (TLS, SSH, …) on the port, or an HTTP/0.9 server.
            return (
                .badResponse,
                "the answer from '\(host)' is not HTTP: it has no status line (\(detail)); "
                    + "check the scheme and port of the URL, or tell the site"
            )
        case CURLE_UNSUPPORTED_PROTOCOL:
            return (.other, "only http and https URLs are fetched (\(detail))")
        case CURLE_PROXY:
            return (.connectionFailed, "the proxy failed (\(detail)); check http_proxy / https_proxy")
        case CURLE_WRITE_ERROR:
            // libcurl stops a transfer here when a compressed body does not decode as one stream
            // (two gzip members, bytes after the stream: curl/curl#3796), as well as when planet
            // refuses the body (its size cap is reported before this).
            return (
                .badResponse,
                "the body could not be read (\(detail)); with a Content-Encoding such as gzip, the server's "
                    + "compressed body is broken (two streams, or bytes after its end): ask the site to fix it"
            )
        default:
            return (.other, "request failed (libcurl error \(response.code): \(detail))")
        }
    }

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
