import Foundation

/// Validators of a copy fetched earlier, sent to make a request conditional (RFC 9110 §13.1):
/// `If-None-Match` from `etag`, `If-Modified-Since` from `lastModified`. A server that finds the
/// copy current answers 304 and the fetch returns `.notModified`.
package struct FetchValidators: Sendable, Equatable, Hashable {
    /// The `ETag` of the earlier response, quotes included (`"abc"`, `W/"abc"`).
    package var etag: String?
    /// The `Last-Modified` of the earlier response, as the server sent it (an HTTP-date).
    package var lastModified: String?

    /// Creates validators with the given values; none by default.
    package init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// The validators a fetched document carries, for the next fetch of the same feed.
    package init(_ document: FetchedDocument) {
        self.init(etag: document.etag, lastModified: document.lastModified)
    }

    /// True when there is nothing to send.
    package var isEmpty: Bool { etag == nil && lastModified == nil }
}
