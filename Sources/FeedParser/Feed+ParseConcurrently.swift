import Foundation

extension Feed {
    /// `Feed.parse(_:url:contentType:maxBytes:)` (eager sanitizing), byte for byte the same feed,
    /// with the entries' HTML sanitized concurrently: the document is parsed with
    /// `HTMLSanitizing.deferred`, then its entries go through `Entry.sanitizingHTML(_:lanes:)`.
    ///
    /// Sanitizing (libxml2's HTML parser over every summary and content) is most of a parse and
    /// is independent per entry, so on several cores this finishes sooner; the instructions spent
    /// are the same.
    /// - Parameters:
    ///   - data: the document bytes as fetched, in any encoding `DocumentDecoder` reads.
    ///   - url: the document URL after redirects: base of relative URLs, part of generated ids.
    ///   - contentType: the HTTP `Content-Type`, used only for the character encoding (RFC 7303).
    ///   - maxBytes: documents larger than this many bytes are refused before parsing.
    ///   - lanes: concurrent sanitizing tasks at most, default `ProcessInfo.activeProcessorCount`.
    /// - Returns: the feed, with entries in document order and sanitized HTML.
    /// - Throws: `FeedParseError`, exactly as `Feed.parse` does (`.empty`, `.notAFeed`, `.malformed`).
    public static func parseConcurrently(
        _ data: Data, url: URL?, contentType: String? = nil,
        maxBytes: Int = defaultMaxBytes,
        lanes: Int = ProcessInfo.processInfo.activeProcessorCount
    )
        async throws(FeedParseError) -> Feed
    {
        var feed = try parse(data, url: url, contentType: contentType, maxBytes: maxBytes, sanitizing: .deferred)
        feed.entries = await Entry.sanitizingHTML(feed.entries, lanes: lanes)
        return feed
    }
}
