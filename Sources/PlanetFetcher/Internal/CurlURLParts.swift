import CCurl

/// The scheme and host of a URL as libcurl reads them (its URL API, `curl_url_get`), so that a
/// rule about the host judges the host libcurl connects to or names to a proxy: libcurl takes
/// `http://167772161/`, `http://0x0a.1/` and `http://%31%30.0.0.1/` for `10.0.0.1` (it
/// normalizes every IPv4 spelling `inet_aton` accepts) and drops an IPv6 zone.
struct CurlURLParts: Sendable, Equatable {
    /// The scheme, lower-cased (`http`, `https`).
    let scheme: String
    /// The host: a name as written (a trailing dot kept), dotted IPv4, or IPv6 text without
    /// brackets or zone.
    let host: String
    /// The port, the scheme's default when the URL gives none.
    let port: Int

    /// The parts of `url`, an absolute URL; nil when libcurl cannot parse it.
    init?(_ url: String) {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK,
            let scheme = Self.part(handle, CURLUPART_SCHEME), var host = Self.part(handle, CURLUPART_HOST),
            let port = Self.part(handle, CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)).flatMap({ Int($0) })
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if let percent = host.firstIndex(of: "%") { host = String(host[..<percent]) }
        self.scheme = scheme.lowercased()
        self.host = host
        self.port = port
    }

    private static func part(_ handle: OpaquePointer, _ part: CURLUPart, flags: UInt32 = 0) -> String? {
        var text: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, part, &text, flags) == CURLUE_OK, let text else { return nil }
        defer { curl_free(text) }
        return String(cString: text)
    }
}
