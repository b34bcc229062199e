import Foundation

/// URL schemes (RFC 3986 §3.1): reading one off a text, and the one rule for "an http(s) URL"
/// that the parser, the subscription list, the fetcher, the river and the site all ask.
package enum URLScheme {
    /// The scheme of `text` as written (`HTTPS` in `HTTPS://example.org/`), nil when `text` does
    /// not start with one (a path, a relative reference): RFC 3986 §3.1,
    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, then `:`.
    /// Read on UTF-8 bytes (every character of a scheme is ASCII): this runs on every feeds.txt
    /// line and every link of every build. Inlinable, so that callers in other modules get it
    /// specialized for their string type (unspecialized, it cost ~8,700 instructions a call).
    @inlinable
    package static func of(_ text: some StringProtocol) -> String? {
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), let first = utf8.first, isLetter(first),
            utf8[..<colon].allSatisfy({ byte in
                isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            })
        else { return nil }
        return String(text[..<colon])
    }

    /// ALPHA (RFC 5234 B.1): `A`–`Z`, `a`–`z`.
    @inline(__always) @usableFromInline
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    /// True for `http` and `https` in any case (schemes are case-insensitive, RFC 3986 §3.1):
    /// the schemes of the web (RFC 9110 §4.2), the only ones planet fetches over the network.
    /// Compared on bytes, without lower-casing a copy.
    @inlinable
    package static func isHTTP(_ scheme: some StringProtocol) -> Bool {
        // Each byte with ASCII letters lower-cased (`| 0x20`; no other byte becomes one of these).
        var bytes = scheme.utf8.makeIterator()
        guard let h = bytes.next(), h | 0x20 == UInt8(ascii: "h"), let t1 = bytes.next(),
            t1 | 0x20 == UInt8(ascii: "t"),
            let t2 = bytes.next(), t2 | 0x20 == UInt8(ascii: "t"), let p = bytes.next(), p | 0x20 == UInt8(ascii: "p")
        else { return false }
        guard let s = bytes.next() else { return true }
        return s | 0x20 == UInt8(ascii: "s") && bytes.next() == nil
    }

    /// True when `text` starts with the scheme `http:` or `https:` in any case (`of`, `isHTTP`).
    @inlinable
    package static func hasHTTPScheme(_ text: some StringProtocol) -> Bool {
        of(text).map { isHTTP($0) } ?? false
    }

    /// True when `port` is the default port of `scheme` (http 80, https 443; RFC 9110 §4.2.1,
    /// §4.2.2), so that a URL means the same without it (RFC 3986 §6.2.3). `scheme` is lower case.
    package static func isDefaultPort(_ port: Int, scheme: String) -> Bool {
        (scheme == "http" && port == 80) || (scheme == "https" && port == 443)
    }
}

extension URL {
    /// True when the URL's scheme is `http` or `https`, in any case (`URLScheme.isHTTP`).
    package var hasHTTPScheme: Bool {
        scheme.map { URLScheme.isHTTP($0) } ?? false
    }
}
