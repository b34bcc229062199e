import Foundation
import PlanetSubscriptions

/// The bytes of one feed as fetched, before parsing.
package struct FetchedDocument: Sendable, Equatable {
    /// The document's bytes: the response body after HTTP content decoding, or the file's contents.
    package var data: Data
    /// The URL the bytes came from after redirects (base for relative URLs).
    package var finalURL: URL
    /// HTTP `Content-Type` header (nil for files).
    package var contentType: String?
    /// HTTP status (200 for files).
    package var status: Int
    /// HTTP `ETag` validator (RFC 9110 §8.8.3), nil when absent.
    package var etag: String?
    /// HTTP `Last-Modified` validator (RFC 9110 §8.8.2), nil when absent.
    package var lastModified: String?
    /// Where the feed has moved for good: the target of the last 301/308 in the unbroken run of
    /// permanent redirects that started at the subscription URL (RFC 9110 §15.4.2, §15.4.9).
    /// nil when the first redirect was temporary or there was none.
    package var permanentRedirect: URL?
    /// What the response says of how long it stays fresh (`Cache-Control`, `Expires`), nil when
    /// it says nothing (and for files).
    package var freshness: HTTPFreshness?
    /// HTTP `Content-Language` as sent (RFC 9110 §8.5: a list of language tags, "de, en"), nil
    /// when absent (and for files); the build reads its first tag as the feed's language when
    /// the document states none (`ContentLanguage` in the Planet module).
    package var contentLanguage: String?

    /// Creates a document with the given fields; status 200 and no headers or redirect by default.
    package init(
        data: Data, finalURL: URL, contentType: String? = nil, status: Int = 200,
        etag: String? = nil, lastModified: String? = nil, permanentRedirect: URL? = nil,
        freshness: HTTPFreshness? = nil, contentLanguage: String? = nil
    ) {
        self.freshness = freshness
        self.contentLanguage = contentLanguage
        self.data = data
        self.finalURL = finalURL
        self.contentType = contentType
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.permanentRedirect = permanentRedirect
    }
}

/// Why fetching one feed failed. A failure is a diagnostic of the build, never a thrown error.
public struct FetchFailure: Sendable, Equatable, Error {
    /// The class of failure, for reports and status pages.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// No network at all (no route to the host, no interface).
        case noConnection = "no-connection"
        /// The host name did not resolve (DNS failure).
        case hostNotFound = "host-not-found"
        /// The server refused or dropped the connection, or closed it before the answer was complete.
        case connectionFailed = "connection-failed"
        /// No complete answer within the per-feed timeout.
        case timeout
        /// The server answered with an HTTP error status (4xx, 5xx).
        case httpError = "http-error"
        /// The server asks for credentials (401 with `WWW-Authenticate`, RFC 9110 §11.6.1), or
        /// refused the ones in the URL.
        case needsCredentials = "needs-credentials"
        /// The TLS handshake failed: certificate not trusted, expired or for another name, or
        /// no common protocol.
        case tlsError = "tls-error"
        /// The answer is not valid HTTP: malformed status line or headers, a header too large,
        /// a body whose framing or content coding (gzip, deflate, br) is broken.
        case badResponse = "bad-response"
        /// Too many redirects, or a redirect loop.
        case tooManyRedirects = "too-many-redirects"
        /// A redirect from a public address led into private address space (loopback,
        /// link-local, RFC 1918, CGNAT, IPv6 unique local), or to a host name that does not
        /// resolve, and was not followed (the two read the same, so a feed cannot probe which
        /// internal names exist).
        case privateAddress = "private-address"
        /// The body was larger than the size cap.
        case tooLarge = "too-large"
        /// A local file could not be read.
        case fileError = "file-error"
        /// The bytes arrived but are not a feed planet can read.
        case notAFeed = "not-a-feed"
        /// Anything else (an unsupported URL, an unexpected status, a cancelled fetch).
        case other
    }

    /// The class of failure.
    public var kind: Kind
    /// The feed URL that failed.
    public var url: URL
    /// HTTP status when the server answered, else nil.
    public var status: Int?
    /// Human-readable detail, e.g. "HTTP 404 Not Found".
    public var message: String
    /// The `Retry-After` header of an error response (429, 503) as sent: delay-seconds or an
    /// HTTP-date (RFC 9110 §10.2.3); see `retryAfterDate(now:)`.
    public var retryAfter: String?

    /// Creates a failure with the given fields; status and `Retry-After` default to nil.
    public init(kind: Kind, url: URL, status: Int? = nil, message: String, retryAfter: String? = nil) {
        self.kind = kind
        self.url = url
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }
}

/// The outcome of fetching one subscription.
package struct FetchResult: Sendable, Equatable {
    /// What came of the fetch: new bytes, not modified, or a failure.
    package enum Outcome: Sendable, Equatable {
        /// New bytes arrived (HTTP 2xx or a file read).
        case fetched(FetchedDocument)
        /// HTTP 304: the cached copy is current (RFC 9110 §15.4.5). `permanentRedirect` is where
        /// the 304 came from when every redirect before it was permanent (301/308), as for a
        /// fetched document; nil when there was none, or a temporary one.
        ///
        /// `validators`: the `ETag` / `Last-Modified` the 304 carried, nil when it carried
        /// neither; a 304 updates the stored response's fields (RFC 9111 §4.3.4), so a new ETag
        /// replaces the one the next request sends.
        ///
        /// `freshness`: what the 304 says of how long the copy now stays fresh (RFC 9111 §4.3.4
        /// updates those fields too), nil when it says nothing.
        case notModified(permanentRedirect: URL?, validators: FetchValidators? = nil, freshness: HTTPFreshness? = nil)
        case failed(FetchFailure)
    }

    /// The subscription that was fetched.
    package var subscription: Subscription
    /// What came of the fetch.
    package var outcome: Outcome
    /// Wall time spent on this feed, seconds.
    package var duration: Double

    /// Creates a result with the given fields; `duration` defaults to 0 seconds.
    package init(subscription: Subscription, outcome: Outcome, duration: Double = 0) {
        self.subscription = subscription
        self.outcome = outcome
        self.duration = duration
    }
}
