import Foundation
import PlanetBase

/// The key two copies of one post share although their links differ in spelling: a community
/// aggregator republishes `HTTP://Blog.Example.ORG:80/notes/hello/?utm_medium=rss#more`, the
/// author's feed has `https://blog.example.org/notes/hello`.
///
/// Normalised (RFC 3986 §6.2.2–6.2.3 syntax- and scheme-based normalisation, plus what feeds add):
/// the scheme is dropped (http and https name the same post), the host lowercased without a
/// leading `www.`, the default port (80, 443) removed, a trailing `/` removed from the path,
/// tracking parameters (`utm_*`, `fbclid`, `gclid`, `dclid`, `msclkid`, `yclid`, `mc_cid`,
/// `mc_eid`, `igshid`, `_hsenc`, `_hsmi`) removed from the query, and the fragment dropped.
enum DuplicateLink {
    private static let tracking: Set<String> = [
        "fbclid", "gclid", "dclid", "msclkid", "yclid", "mc_cid", "mc_eid",
        "igshid", "_hsenc", "_hsmi"
    ]

    /// The deduplication key of `link`; nil for a link without a host (a relative or odd URL,
    /// compared as written by the caller).
    static func key(_ link: String) -> String? {
        guard var components = URLComponents(string: link), let rawHost = components.host, !rawHost.isEmpty else {
            return nil
        }
        var host = rawHost.lowercased()
        if host.hasPrefix("www.") { host.removeFirst(4) }
        let scheme = components.scheme?.lowercased()
        var port = ""
        if let number = components.port, !URLScheme.isDefaultPort(number, scheme: scheme ?? "") {
            port = ":\(number)"
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let query = (components.percentEncodedQueryItems ?? []).filter { item in
            let name = item.name.lowercased()
            return !name.hasPrefix("utm_") && !tracking.contains(name)
        }
        components.percentEncodedQueryItems = query.isEmpty ? nil : query
        let queryText = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        return host + port + path + queryText
    }

    /// The link's host, lowercased, without a leading `www.`.
    static func host(_ link: String) -> String? {
        guard var host = URLComponents(string: link)?.host?.lowercased(), !host.isEmpty else { return nil }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        return host
    }
}
