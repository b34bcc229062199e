import Foundation

/// Turns the location written on a feed line into an absolute URL.
package enum FeedLocation {
    /// Resolves `text`: an http(s) URL with a host, a `file:` URL, or a file path (absolute, or
    /// relative to `base`, the folder of feeds.txt). A relative path must contain `/` or `.` so
    /// that a stray word is reported rather than read as a file name.
    /// - Throws: `.badLocation` for other schemes and stray words, `.noHost` for `https:///x`.
    static func resolve(_ text: String, base: URL) throws(FeedListError) -> URL {
        if let scheme = scheme(of: text) {
            switch scheme.lowercased() {
            case "http", "https":
                // Kept as written (messages about feeds.txt quote it so); the fetcher lower-cases
                // scheme and host for every request (RFC 3986 §3.1, §3.2.2), and duplicates are
                // found case-insensitively (FeedURLNormalizer.comparisonKey).
                guard let url = URL(string: text) else { throw FeedListError(.badLocation(text)) }
                guard let host = url.host, !host.isEmpty else { throw FeedListError(.noHost(text)) }
                return url
            case "file":
                guard let url = URL(string: text), url.isFileURL, url.path.hasPrefix("/") else {
                    throw FeedListError(.badLocation(text))
                }
                return url
            default:
                throw FeedListError(.badLocation(text))
            }
        }
        if text.hasPrefix("/") { return URL(fileURLWithPath: text) }
        guard text.contains("/") || text.contains(".") else { throw FeedListError(.badLocation(text)) }
        return URL(fileURLWithPath: text, relativeTo: base).absoluteURL.standardizedFileURL
    }

    /// The URL scheme of `text` (RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"),
    /// nil for a path.
    package static func scheme(of text: String) -> String? {
        if FeedLineReader.isASCII(text) {
            // Byte by byte (each character is one byte): the same rule.
            let utf8 = text.utf8
            guard let colon = utf8.firstIndex(of: 0x3A), let first = utf8.first else { return nil }
            func letter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
            guard letter(first), utf8[..<colon].allSatisfy({ byte in
                letter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            }) else { return nil }
            return String(text[..<colon])
        }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return String(scheme)
    }
}
