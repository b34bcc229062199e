import PlanetFetcher

/// What the cache keeps from a successful response besides the feed: status and validators.
package struct FetchInfo: Sendable, Equatable {
    /// HTTP status of the final response (200 for files).
    package var status: Int
    /// `ETag` validator, sent back as `If-None-Match` (RFC 9110 §8.8.3, §13.1.2).
    package var etag: String?
    /// `Last-Modified` validator, sent back as `If-Modified-Since` (RFC 9110 §8.8.2, §13.1.3).
    package var lastModified: String?
    /// Absolute URL the feed moved to when a 301/308 was followed (RFC 9110 §15.4.2, §15.4.9),
    /// to be reported and applied to feeds.txt with `--apply-redirects`; nil otherwise.
    package var permanentRedirect: String?
    /// What the response said of how long it stays fresh (`Cache-Control`, `Expires`), nil when nothing.
    package var freshness: HTTPFreshness?

    /// Creates fetch info with the given fields; status 200 and no validators or redirect by default.
    package init(
        status: Int = 200, etag: String? = nil, lastModified: String? = nil,
        permanentRedirect: String? = nil
    ) {
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.permanentRedirect = permanentRedirect
    }

    /// Status, validators and permanent-redirect target of `document`.
    package init(_ document: FetchedDocument) {
        self.init(
            status: document.status, etag: document.etag, lastModified: document.lastModified,
            permanentRedirect: document.permanentRedirect?.absoluteString)
        freshness = document.freshness
    }
}
