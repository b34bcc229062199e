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

    /// These validators after a 304 that carried `fresh`: only a value the 304 carried replaces
    /// one (RFC 9111 §4.3.4 updates the stored fields the 304 has), so a 304 with an ETag alone
    /// keeps the stored Last-Modified, and one with Last-Modified alone the stored ETag.
    package func revalidated(by fresh: FetchValidators) -> FetchValidators {
        FetchValidators(etag: fresh.etag ?? etag, lastModified: fresh.lastModified ?? lastModified)
    }

    /// True when there is nothing to send.
    package var isEmpty: Bool { etag == nil && lastModified == nil }
}
