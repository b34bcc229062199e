import CCurl
import Foundation
import Glibc

/// The state of one transfer while libcurl runs it, owned by the engine thread: the easy handle,
/// the body and header fields received so far, and the flags the callbacks set. libcurl's
/// callbacks reach it through the context pointer (an unretained reference; the engine keeps the
/// object alive until the handle is cleaned up).
final class CurlTransfer {
    /// The fields the fetcher reads, lower-cased (all others are skipped unread), as bytes.
    private static let wanted: [[UInt8]] = [
        "content-type", "etag", "last-modified", "retry-after", "location", "www-authenticate",
        // The feed's language when the document states none (RFC 9110 §8.5): `FetchedDocument`.
        "content-language",
        // Freshness (RFC 9111 §5.2, §5.3, §5.1, RFC 9110 §6.6.1): `HTTPFreshness`.
        "cache-control", "expires", "date", "age"
    ].map { Array($0.utf8) }
    /// Fields whose repeated lines are one comma-separated list (RFC 9110 §5.3); every other
    /// wanted field keeps its first line.
    private static let lists: Set<String> = ["cache-control"]
    /// `wanted` as the header dictionary's keys.
    private static let wantedNames = wanted.map { String(decoding: $0, as: UTF8.self) }
    /// `content-length`, read for its values only (RFC 9112 §6.3).
    private static let contentLength = Array("content-length".utf8)
    /// Every name a field is matched against: `wanted`, then Content-Length (index `wanted.count`).
    private static let matched = wanted + [contentLength]
    /// Name length (below 32) → the indexes in `matched` of the names of that length (at most
    /// two: `etag`/`date`, `last-modified`/`cache-control`, `www-authenticate`/`content-language`),
    /// empty for none.
    private static let byLength: [[Int]] = {
        var table = [[Int]](repeating: [], count: 32)
        for (index, name) in matched.enumerated() {
            precondition(table[name.count].count < 2, "three header names of one length")
            table[name.count].append(index)
        }
        return table
    }()

    let easy: UnsafeMutableRawPointer
    let request: HTTPRequest
    let completion: CurlEngine.Completion
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The `CURLOPT_RESOLVE` entries of ``HTTPRequest/pinnedAddresses``.
    private var resolveList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private(set) var body = Data()
    /// Room for every wanted field from the start: growing the dictionary field by field cost
    /// ~2,500 instructions a response.
    private(set) var headers = [String: String](minimumCapacity: CurlTransfer.wanted.count)
    /// The distinct values of the current head's Content-Length fields.
    private var contentLengths: Set<String> = []
    private(set) var tooLarge = false
    private(set) var refusedPrivate = false
    /// A status line arrived, and the blank line that ends its header (RFC 9112 §2.1).
    private(set) var statusLineSeen = false
    private(set) var headerComplete = false

    /// False once `detachHandle()` gave the easy handle back to the engine for another transfer.
    private var ownsHandle = true

    /// Takes `reusing` (an easy handle of a finished transfer: `curl_easy_reset` clears every
    /// option, and libcurl keeps its buffers) or creates an easy handle, and sets every option;
    /// nil when libcurl cannot make one.
    init?(
        _ request: HTTPRequest, completion: CurlEngine.Completion,
        reusing: UnsafeMutableRawPointer? = nil
    ) {
        if let reusing { curl_easy_reset(reusing) }
        guard let easy = reusing ?? curl_easy_init() else { return nil }
        self.easy = easy
        self.request = request
        self.completion = completion
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        for line in request.headers { headerList = curl_slist_append(headerList, line) }
        for entry in request.pinnedAddresses { resolveList = curl_slist_append(resolveList, entry) }
        configure()
    }

    deinit {
        if ownsHandle { curl_easy_cleanup(easy) }
        curl_slist_free_all(headerList)
        curl_slist_free_all(resolveList)
        errorBuffer.deallocate()
    }

    /// Gives up the easy handle (removed from the multi handle, its response read) so the engine
    /// can run another transfer on it; this transfer must not be used afterwards.
    func detachHandle() -> UnsafeMutableRawPointer {
        ownsHandle = false
        return easy
    }

    private func configure() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let timeout = max(1, request.timeoutMilliseconds)
        planet_curl_easy_setopt_string(easy, CURLOPT_URL, request.url)
        planet_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        planet_curl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        planet_curl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        planet_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        planet_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeout)
        planet_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, timeout)
        planet_curl_easy_setopt_string(easy, CURLOPT_USERAGENT, request.userAgent)
        planet_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")  // every coding libcurl decodes
        planet_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList)
        // HTTP/2 where an https host offers it by ALPN (one connection, many streams: the per-host
        // cap costs a blog farm one connection), HTTP/1.1 otherwise. With `curl_multi_poll` libcurl
        // 7.88 stalled multiplexed transfers until a poll timeout (1.1-3.2 s for 200 conditional
        // GETs); driven by socket events and its timer (`CurlLoop`) it does not: 200 feeds on 40
        // h2 hosts, warm, 0.16 s against 0.19 s over HTTP/1.1 (Benchmarks/PERF.md, session 11).
        planet_curl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        planet_curl_easy_setopt_long(easy, CURLOPT_MAXFILESIZE_LARGE, request.maxBytes)
        if !request.keepConnection { planet_curl_easy_setopt_long(easy, CURLOPT_FORBID_REUSE, 1) }
        // Names stay resolved for the life of the engine (one build): with a timeout, libcurl 7.88
        // prunes its DNS cache by walking every entry for each new connection, a walk over every
        // host of the planet per connection (Benchmarks/PERF.md, session 11).
        planet_curl_easy_setopt_long(easy, CURLOPT_DNS_CACHE_TIMEOUT, -1)
        if let trustStore = request.trustStore {
            // The bundle alone, no CA folder: libcurl then keeps the parsed store in the multi
            // handle and shares it with every later connection (``TrustStore``).
            planet_curl_easy_setopt_string(easy, CURLOPT_CAINFO, trustStore)
            planet_curl_easy_setopt_string(easy, CURLOPT_CAPATH, nil)
        }
        planet_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        planet_curl_easy_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let data, let transfer = CurlTransfer.from(context) else { return 0 }
            return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
        }
        planet_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        planet_curl_easy_setopt_data_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let data, let transfer = CurlTransfer.from(context) else { return 0 }
            return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
        }
        planet_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        planet_curl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, context)
        // The proxy planet chose for this request (``ProxySettings``), or none: libcurl does not
        // read the proxy variables itself, so the private-address rule knows which sockets are a
        // proxy's (``ProxyTargetCheck`` judges those requests by their URL instead).
        planet_curl_easy_setopt_string(easy, CURLOPT_PROXY, request.proxy ?? "")
        // A name judged by its addresses goes to libcurl with them: through a socks4/socks5 proxy
        // libcurl resolves it itself, and a second lookup could answer a private address.
        if let resolveList { planet_curl_easy_setopt_slist(easy, CURLOPT_RESOLVE, resolveList) }
        planet_curl_easy_setopt_string(easy, CURLOPT_NOPROXY, "")
        if request.refusePrivate && request.proxy == nil {
            planet_curl_easy_setopt_long(easy, CURLOPT_FRESH_CONNECT, 1)
            planet_curl_easy_setopt_opensocket(easy) { context, _, address in
                guard let address, let transfer = CurlTransfer.from(context) else { return planet_curl_socket_bad }
                return transfer.openSocket(address)
            }
            planet_curl_easy_setopt_pointer(easy, CURLOPT_OPENSOCKETDATA, context)
        }
    }

    /// Keeps a body chunk; returns fewer bytes than given (stopping the transfer with
    /// CURLE_WRITE_ERROR) when the body would pass the size cap.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= request.maxBytes else {
            tooLarge = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// Reads one header line as bytes (ISO-8859-1, so any byte is accepted, RFC 9110 §5.5). A
    /// status line starts a new response head (1xx, or the response after an authentication
    /// round) and forgets the fields of the previous one.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        let line = bytes.bindMemory(to: UInt8.self)
        if line.count >= 5, line[0] == 0x48, line[1] == 0x54, line[2] == 0x54, line[3] == 0x50, line[4] == 0x2F {
            headers.removeAll(keepingCapacity: true)  // "HTTP/"
            contentLengths = []
            statusLineSeen = true
            headerComplete = false
            return bytes.count
        }
        if line.allSatisfy({ $0 == 0x0D || $0 == 0x0A }) {
            headerComplete = statusLineSeen
            return bytes.count
        }
        guard let colon = line.firstIndex(of: 0x3A), colon > 0, colon < 32 else { return bytes.count }
        // The length picks the one or two names the field can be, each compared once, ASCII
        // letters lower-cased.
        guard
            let candidate = Self.byLength[colon].first(where: { index in
                let expected = Self.matched[index]
                return (0..<colon).allSatisfy { offset in
                    let byte = line[offset]
                    return expected[offset] == byte | ((byte >= 0x41 && byte <= 0x5A) ? 0x20 : 0)
                }
            })
        else { return bytes.count }
        if candidate == Self.wanted.count {
            // Every value of every Content-Length field of this head ("5", "5, 5"): more than one
            // distinct value is an unrecoverable framing error (RFC 9112 §6.3, item 5).
            for value in line[(colon + 1)...].split(separator: 0x2C) {
                let digits = value.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
                contentLengths.insert(String(decoding: digits, as: UTF8.self))
            }
            return bytes.count
        }
        let name = Self.wantedNames[candidate]
        let earlier = headers[name]
        guard earlier == nil || Self.lists.contains(name) else { return bytes.count }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 || last == 0x0D || last == 0x0A {
            value = value.dropLast()
        }
        // ISO-8859-1: each byte is the scalar of its value (for ASCII, the UTF-8 reading is the same).
        let text =
            value.allSatisfy { $0 < 0x80 }
            ? String(decoding: value, as: UTF8.self) : String(value.map { Character(Unicode.Scalar($0)) })
        headers[name] = earlier.map { $0 + ", " + text } ?? text
        return bytes.count
    }

    /// Opens the socket libcurl asks for, unless `address` is private under the request's policy.
    func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        let family = address.pointee.family
        if let ip = Self.ipAddress(address), request.policy.isPrivate(ip) {
            refusedPrivate = true
            return planet_curl_socket_bad
        }
        return socket(family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
    }

    /// The IP address in libcurl's socket address (the storage behind `addr` is large enough
    /// for a `sockaddr_in6`).
    private static func ipAddress(_ address: UnsafeMutablePointer<curl_sockaddr>) -> IPAddress? {
        guard let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr) else { return nil }
        let raw = UnsafeRawPointer(address).advanced(by: offset)
        switch address.pointee.family {
        case AF_INET:
            var v4 = raw.loadUnaligned(as: sockaddr_in.self).sin_addr
            return IPAddress(bytes: withUnsafeBytes(of: &v4) { Array($0) })
        case AF_INET6:
            var v6 = raw.loadUnaligned(as: sockaddr_in6.self).sin6_addr
            return IPAddress(bytes: withUnsafeBytes(of: &v6) { Array($0) })
        default:
            return nil
        }
    }

    /// The response once libcurl reported the transfer done with `code`. The error text and the
    /// address connected to are read only where the fetcher uses them (a failure; a redirect or
    /// a request refusing private addresses): a warm build's 304s need neither.
    func response(code: CURLcode) -> HTTPResponse {
        var status = 0
        planet_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var location: UnsafeMutablePointer<CChar>?
        planet_curl_easy_getinfo_string(easy, CURLINFO_REDIRECT_URL, &location)
        var connectedPrivate = false
        // Through a proxy the address connected to is the proxy's, which tells nothing of the host.
        if request.proxy == nil && (request.refusePrivate || (300..<400).contains(status)) {
            var primary: UnsafeMutablePointer<CChar>?
            planet_curl_easy_getinfo_string(easy, CURLINFO_PRIMARY_IP, &primary)
            connectedPrivate = primary.flatMap { IPAddress(String(cString: $0)) }.map(request.policy.isPrivate) ?? false
        }
        let ok = code == CURLE_OK
        var text = ""
        if !ok {
            let buffered = String(cString: errorBuffer)
            text = buffered.isEmpty ? String(cString: curl_easy_strerror(code)) : buffered
        }
        var response = HTTPResponse(
            code: Int32(code.rawValue), errorText: text, status: status, headers: headers,
            body: ok ? body : Data(), redirectURL: location.map { String(cString: $0) },
            tooLarge: tooLarge || code == CURLE_FILESIZE_EXCEEDED,
            refusedPrivate: refusedPrivate,
            headerCut: statusLineSeen && !headerComplete,
            conflictingLength: contentLengths.count > 1,
            connectedPrivate: connectedPrivate,
            started: request.started)
        response.redirectedFromPublic = request.redirectedFromPublic
        return response
    }
}

extension CurlTransfer {
    /// The transfer behind a callback's context pointer.
    static func from(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
        context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }
}
