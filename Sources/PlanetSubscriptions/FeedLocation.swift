import Foundation
import PlanetBase

/// Turns the location written on a feed line into an absolute URL.
package enum FeedLocation {
    /// Resolves `text`: an http(s) URL with a host, a `file:` URL, or a file path (absolute, or
    /// relative to `base`, the folder of feeds.txt). A relative path must contain `/` or `.` so
    /// that a stray word is reported rather than read as a file name.
    /// - Throws: `.badLocation` for other schemes and stray words, `.noHost` for `https:///x`.
    static func resolve(_ text: String, base: URL) throws(FeedListError) -> URL {
        if let scheme = URLScheme.of(text) {
            if URLScheme.isHTTP(scheme) {
                // Kept as written (messages about feeds.txt quote it so); the fetcher lower-cases
                // scheme and host for every request (RFC 3986 §3.1, §3.2.2), and duplicates are
                // found case-insensitively (FeedURLNormalizer.comparisonKey).
                guard let url = URL(string: text) else { throw FeedListError(.badLocation(text)) }
                guard let host = url.host, !host.isEmpty else { throw FeedListError(.noHost(text)) }
                return url
            }
            guard scheme.lowercased() == "file", let url = URL(string: text), url.isFileURL, url.path.hasPrefix("/")
            else {
                throw FeedListError(.badLocation(text))
            }
            return url
        }
        if text.hasPrefix("/") { return URL(fileURLWithPath: text) }
        guard text.contains("/") || text.contains(".") else { throw FeedListError(.badLocation(text)) }
        return URL(fileURLWithPath: text, relativeTo: base).absoluteURL.standardizedFileURL
    }
}
