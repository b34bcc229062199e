import Foundation

extension FeedURLNormalizer {
    /// The form in which two feed URLs are compared to decide that they name the same feed, so
    /// that `https://Example.org/feed` already listed stops `https://example.org/feed` being added.
    ///
    /// The equivalences are RFC 3986 §6.2.2 and §6.2.3: scheme and host compared case-insensitively
    /// (an IDN host in its punycode form), the default port (80 for http, 443 for https) dropped,
    /// an empty path taken as `/`, the fragment ignored. Path and query stay case-sensitive;
    /// `http` and `https` stay different URLs. A `file:` URL compares by its standardized path.
    /// - Returns: a string to compare or hash; not meant to be shown or stored.
    public static func comparisonKey(_ url: URL) -> String {
        if url.isFileURL { return "file://" + url.standardizedFileURL.path }
        return plainWebKey(url.absoluteString) ?? componentsKey(url)
    }

    /// `comparisonKey` of any non-file URL, read through `URLComponents`.
    static func componentsKey(_ url: URL) -> String {
        guard let parts = URLComponents(url: url.absoluteURL, resolvingAgainstBaseURL: true),
              let scheme = parts.scheme?.lowercased() else { return url.absoluteString }
        var key = scheme + "://"
        if let user = parts.percentEncodedUser {
            key += user + (parts.percentEncodedPassword.map { ":" + $0 } ?? "") + "@"
        }
        let host = parts.host ?? ""
        key += host.unicodeScalars.allSatisfy(\.isASCII) ? host.lowercased() : Punycode.asciiHost(host) ?? host
        if let port = parts.port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443) {
            key += ":\(port)"
        }
        key += parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        if let query = parts.percentEncodedQuery { key += "?" + query }
        return key
    }

    /// `comparisonKey` of a plain http(s) URL read from its text, without `URLComponents`: ASCII,
    /// no userinfo, a host of letters, digits, `.` and `-` (no IPv6 literal, no IDN), an optional
    /// port of digits. nil for anything else, which `URLComponents` reads. The same key either way
    /// (a test compares them).
    static func plainWebKey(_ text: String) -> String? {
        var utf8 = Substring(text).utf8[...]
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard let colon = utf8.firstIndex(of: 0x3A) else { return nil }
        let scheme = String(decoding: utf8[..<colon].map { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) }, as: UTF8.self)
        guard scheme == "http" || scheme == "https" else { return nil }
        utf8 = utf8[utf8.index(after: colon)...]
        guard utf8.starts(with: [0x2F, 0x2F]) else { return nil }
        utf8 = utf8.dropFirst(2)
        // Up to the fragment: it is ignored.
        if let hash = utf8.firstIndex(of: 0x23) { utf8 = utf8[..<hash] }
        let authorityEnd = utf8.firstIndex { $0 == 0x2F || $0 == 0x3F } ?? utf8.endIndex
        var host = utf8[..<authorityEnd]
        var port: Int?
        if let portColon = host.firstIndex(of: 0x3A) {
            let digits = host[host.index(after: portColon)...]
            guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits.count <= 5 else { return nil }
            port = digits.isEmpty ? nil : Int(String(decoding: digits, as: UTF8.self))
            guard (port ?? 0) <= 65_535 else { return nil }
            host = host[..<portColon]
        }
        guard !host.isEmpty, host.allSatisfy({ byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x2D
        }) else { return nil }
        var key = scheme + "://" + String(decoding: host.map { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) }, as: UTF8.self)
        if let port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443) { key += ":\(port)" }
        let rest = utf8[authorityEnd...]
        let queryStart = rest.firstIndex(of: 0x3F)
        let path = rest[..<(queryStart ?? rest.endIndex)]
        key += path.isEmpty ? "/" : String(decoding: path, as: UTF8.self)
        if let queryStart { key += "?" + String(decoding: rest[rest.index(after: queryStart)...], as: UTF8.self) }
        return key
    }
}
