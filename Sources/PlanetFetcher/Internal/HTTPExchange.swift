import Foundation

/// One HTTP GET for the ``CurlEngine``: one hop of a fetch (the fetcher follows redirects itself).
struct HTTPRequest: Sendable {
    /// The absolute http(s) URL, userinfo included when the request authenticates (curl sends it
    /// as Basic credentials, RFC 7617).
    var url: String
    /// `scheme://host[:port]` of `url`, lower-cased (`URLText.origin(of:)`): what the engine's
    /// per-host cap counts (``HostQueues``).
    var host: String
    /// Extra header lines, `Name: value` (Accept, If-None-Match, If-Modified-Since), as the
    /// NUL-terminated bytes sent (``HTTPRequest/headerLine(_:)``): made once per fetch, off the
    /// engine's thread.
    var headers: [[CChar]]
    /// The `User-Agent` (RFC 9110 §10.1.5).
    var userAgent: String
    /// Time allowed for the whole exchange (connect, headers, body), milliseconds, at least 1.
    var timeoutMilliseconds: Int
    /// Largest body accepted after content decoding, bytes.
    var maxBytes: Int
    /// Refuse to connect to an address `policy` calls private, and open a fresh connection so the
    /// address is checked (set for a redirect issued from a public address).
    var refusePrivate: Bool
    /// The classification of addresses for `refusePrivate` and `HTTPResponse.connectedPrivate`.
    var policy: AddressPolicy
    /// The PEM file of the certificates trusted for https (``TrustStore``); nil: libcurl's own
    /// default (a CA folder beside the bundle, parsed again for every connection).
    var trustStore: String?
    /// False: close the connection after this request (`CURLOPT_FORBID_REUSE`), since nothing
    /// later in the build goes to its host. libcurl's connection cache then holds only connections
    /// that will be used again: a full cache costs a walk over every cached connection for each
    /// new one (libcurl 7.88), most of a slow upstream's extra CPU with 700 single-feed hosts.
    var keepConnection: Bool = true
    /// The proxy the request goes through (`CURLOPT_PROXY`, from ``ProxySettings``); nil: none,
    /// whatever the environment says (libcurl is told `""`).
    var proxy: String?
    /// The private-address rule for a hop the socket cannot judge (a request through a proxy, or
    /// one after a proxied hop not judged yet), run before the request reaches libcurl; nil: none.
    var targetCheck: ProxyTargetCheck?
    /// The addresses the ``ProxyTargetCheck`` judged this hop's name by, as `CURLOPT_RESOLVE`
    /// entries (`name:port:address,...`): libcurl resolves the name itself for a `socks4`/`socks5`
    /// proxy, and must send the proxy the address judged, not one of a second lookup (DNS
    /// rebinding); empty when nothing was judged or the host is an IP literal.
    var pinnedAddresses: [String] = []
    /// Set by the ``ProxyTargetCheck`` that judged the hop before this one, for the response
    /// (``HTTPResponse/redirectedFromPublic``).
    var redirectedFromPublic: Bool?
    /// When the engine started the transfer (its `timeoutMilliseconds` count from then), set by the engine.
    var started: ContinuousClock.Instant?
    /// While this transfer runs, how long the build's other transfers may each wait without the
    /// build ending later than this one, seconds (``FetchSlack``): the engine may let its events
    /// gather that much longer (``WakeModeration``); 0 for most.
    var grantsSlack = 0.0
}

extension HTTPRequest {
    /// A request header line as the bytes to send: ISO-8859-1 when every scalar fits in a byte,
    /// the inverse of `CurlTransfer.receiveHeader(_:)`, so a validator with obs-text (an `ETag` byte 0x80-0xFF,
    /// RFC 9110 §8.8.3) goes back exactly as it came; UTF-8 otherwise. NUL-terminated.
    static func headerLine(_ line: String) -> [CChar] {
        // ASCII without NUL: the ISO-8859-1 bytes are the UTF-8 bytes (read in place when the
        // string is native, as every header line planet makes is).
        let plain =
            line.utf8.withContiguousStorageIfAvailable { bytes in
                var ok = true
                for byte in bytes { ok = ok && byte > 0 && byte < 0x80 }
                return ok
            } ?? line.utf8.allSatisfy { $0 > 0 && $0 < 0x80 }
        if plain { return Array(line.utf8CString) }
        let scalars = line.unicodeScalars
        guard scalars.allSatisfy({ $0.value > 0 && $0.value < 0x100 }) else { return line.utf8CString.map { $0 } }
        return scalars.map { CChar(bitPattern: UInt8($0.value)) } + [0]
    }
}

/// What one ``HTTPRequest`` ended with.
struct HTTPResponse: Sendable {
    /// libcurl's result (`CURLcode`, 0 for CURLE_OK).
    var code: Int32
    /// libcurl's error text for `code` (CURLOPT_ERRORBUFFER, else curl_easy_strerror); empty
    /// when `code` is 0.
    var errorText: String
    /// The status of the last response head (0 when none arrived).
    var status: Int
    /// Header fields of the last response head that the fetcher reads, names lower-cased.
    var headers: [String: String]
    /// The body after content decoding (empty after a failure).
    var body: Data
    /// The redirect target resolved against the request URL (CURLINFO_REDIRECT_URL: RFC 3986 §5),
    /// nil when the response had no Location.
    var redirectURL: String?
    /// True when the body passed `maxBytes` (announced or received) and the transfer was stopped.
    var tooLarge = false
    /// True when the connection was refused because the address is private (`refusePrivate`).
    var refusedPrivate = false
    /// True when a status line arrived but the header it starts never ended (the connection
    /// closed, or a field was larger than libcurl takes).
    var headerCut = false
    /// True when the response head had Content-Length fields with different values (RFC 9112
    /// §6.3: the body's length cannot be known, so the message is unusable).
    var conflictingLength = false
    /// True when the address connected to (CURLINFO_PRIMARY_IP) is private under the policy;
    /// looked up only where the fetcher reads it (a redirect, or a request with `refusePrivate`).
    var connectedPrivate = false
    /// True when the fetch was cancelled before the transfer ended.
    var cancelled = false
    /// What the request's ``ProxyTargetCheck`` found of the hop before it (its `origin`): true
    /// when that hop was public, so the private-address rule applies from here on; nil when the
    /// request judged no origin.
    var redirectedFromPublic: Bool?
    /// When the transfer started (it may have waited for a place in the engine); nil when it never did.
    var started: ContinuousClock.Instant?

    /// A response for a transfer that never ran.
    static func notRun(code: Int32, errorText: String, cancelled: Bool = false) -> HTTPResponse {
        HTTPResponse(
            code: code, errorText: errorText, status: 0, headers: [:], body: Data(),
            redirectURL: nil, cancelled: cancelled)
    }
}
