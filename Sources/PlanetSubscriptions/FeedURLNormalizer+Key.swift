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
}
