import FeedParser
import Foundation
import PlanetBase

/// Turns a feed address as people type it into the URL stored in feeds.txt.
///
/// `example.org/feed` gets `https://`; surrounding spaces and a `#fragment` are dropped; the
/// scheme and host are lower-cased and an IDN host is written in punycode (RFC 5891); an empty
/// path becomes `/` (RFC 3986 §6.2.3). A path (`/…`, `./…`, `../…`, `~/…`, or a name the caller
/// knows to be a file) becomes a `file:` URL.
package enum FeedURLNormalizer {
    /// - Parameters:
    ///   - text: what was typed.
    ///   - currentDirectory: folder relative paths are resolved against.
    ///   - isFile: whether a scheme-less text names an existing file (so `feed.xml` is a file
    ///     when it exists and a host otherwise).
    /// - Throws: `.unsupportedScheme` for schemes other than http, https and file;
    ///   `.badLocation` for text that is no URL; `.noHost` for `https://`.
    package static func normalize(
        _ text: String, currentDirectory: URL,
        isFile: (URL) -> Bool = { _ in false }
    ) throws(FeedListError) -> URL {
        let trimmed = text.trimmingSpacesAndNewlines()
        guard !trimmed.isEmpty else { throw FeedListError(.badLocation(text)) }
        guard let scheme = URLScheme.of(trimmed), trimmed.contains("://") || scheme.lowercased() == "file" else {
            let path =
                trimmed.hasPrefix("~/")
                ? NSString(string: trimmed).expandingTildeInPath : trimmed
            let fileURL = URL(fileURLWithPath: path, relativeTo: currentDirectory).absoluteURL.standardizedFileURL
            if path.hasPrefix("/") || path.hasPrefix("./") || path.hasPrefix("../") || isFile(fileURL) {
                return fileURL
            }
            return try web("https://" + trimmed, original: text)
        }
        if URLScheme.isHTTP(scheme) { return try web(trimmed, original: text) }
        guard scheme.lowercased() == "file" else {
            throw FeedListError(.unsupportedScheme(trimmed, scheme: scheme.lowercased()))
        }
        return try FeedLocation.resolve(withoutFragment(trimmed), base: currentDirectory)
    }

    /// An http(s) URL with its host in ASCII and without fragment.
    private static func web(_ text: String, original: String) throws(FeedListError) -> URL {
        let body = withoutFragment(text)
        guard let separator = body.range(of: "://") else { throw FeedListError(.badLocation(original)) }
        let scheme = body[..<separator.lowerBound].lowercased()
        let rest = body[separator.upperBound...]
        let authorityEnd = rest.firstIndex(where: { "/?".contains($0) }) ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        var path = String(rest[authorityEnd...])
        if path.isEmpty || path.hasPrefix("?") { path = "/" + path }
        var userinfo = ""
        if let at = authority.lastIndex(of: "@") {
            userinfo = String(authority[...at])
            authority = String(authority[authority.index(after: at)...])
        }
        var port = ""
        if let colon = authority.lastIndex(of: ":"), !authority.hasPrefix("[") {
            port = String(authority[colon...])
            authority = String(authority[..<colon])
        }
        guard !authority.isEmpty else { throw FeedListError(.noHost(original.trimmingCharacters(in: .whitespaces))) }
        let host = authority.hasPrefix("[") ? authority.lowercased() : Punycode.asciiHost(authority)
        guard let host, let url = URL(string: "\(scheme)://\(userinfo)\(host)\(port)\(path)"), url.host != nil else {
            throw FeedListError(.badLocation(original.trimmingCharacters(in: .whitespaces)))
        }
        return url
    }

    private static func withoutFragment(_ text: String) -> String {
        text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
    }
}
