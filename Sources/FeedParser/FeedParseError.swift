import Foundation

/// Why a document could not be read as a feed at all. Everything recoverable is not an error: it
/// comes back as a `Feed` with `warnings`.
public struct FeedParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the document is not a feed.
    public enum Reason: Sendable, Equatable {
        /// The document is something else; the associated text names what was found, e.g.
        /// "an HTML page", "XML with root element 'svg'", "JSON without 'items'".
        case notAFeed(String)
        /// The body is empty or only whitespace.
        case empty
        /// Nothing could be recovered from the document; the detail says what the parser saw.
        case malformed(String)
    }

    /// The document URL (after redirects), when known.
    public var url: URL?
    /// Why the document is not a feed.
    public var reason: Reason

    /// Creates an error for the document at `url` (nil when unknown) with the given reason.
    public init(url: URL?, reason: Reason) {
        self.url = url
        self.reason = reason
    }

    /// `URL: message`, e.g. `https://example.org/: not a feed: an HTML page`.
    public var description: String {
        let place = url.map { "\($0.absoluteString): " } ?? ""
        switch reason {
        case .notAFeed(let found): return "\(place)not a feed: \(found)"
        case .empty: return "\(place)empty document"
        case .malformed(let detail): return "\(place)unreadable document: \(detail)"
        }
    }
}
