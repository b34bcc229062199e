import Foundation

/// URL schemes (RFC 3986 §3.1): reading one off a text, and the one rule for "an http(s) URL"
/// that the parser, the subscription list, the fetcher, the river and the site all ask.
public enum URLScheme {
    /// The scheme of `text` as written (`HTTPS` in `HTTPS://example.org/`), nil when `text` does
    /// not start with one (a path, a relative reference): RFC 3986 §3.1,
    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, then `:`.
    public static func of(_ text: some StringProtocol) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return String(scheme)
    }

    /// True for `http` and `https` in any case (schemes are case-insensitive, RFC 3986 §3.1):
    /// the schemes of the web (RFC 9110 §4.2), the only ones planet fetches over the network.
    public static func isHTTP(_ scheme: some StringProtocol) -> Bool {
        let lowered = scheme.lowercased()
        return lowered == "http" || lowered == "https"
    }

    /// True when `text` starts with the scheme `http:` or `https:` in any case (`of`, `isHTTP`).
    public static func hasHTTPScheme(_ text: some StringProtocol) -> Bool {
        of(text).map { isHTTP($0) } ?? false
    }

    /// True when `port` is the default port of `scheme` (http 80, https 443; RFC 9110 §4.2.1,
    /// §4.2.2), so that a URL means the same without it (RFC 3986 §6.2.3). `scheme` is lower case.
    public static func isDefaultPort(_ port: Int, scheme: String) -> Bool {
        (scheme == "http" && port == 80) || (scheme == "https" && port == 443)
    }
}

extension URL {
    /// True when the URL's scheme is `http` or `https`, in any case (`URLScheme.isHTTP`).
    public var hasHTTPScheme: Bool {
        scheme.map { URLScheme.isHTTP($0) } ?? false
    }
}
