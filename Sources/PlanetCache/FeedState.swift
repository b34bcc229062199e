import FeedParser
import Foundation

/// What the cache remembers about fetching one feed. Dates are absolute instants (stored as Unix
/// seconds); a feed never fetched has no state at all.
package struct FeedState: Sendable, Equatable {
    /// The subscription's feed URL, as in feeds.txt (the key).
    package var url: String
    /// `ETag` of the last 2xx response, for `If-None-Match` (RFC 9110 §13.1.2).
    package var etag: String?
    /// `Last-Modified` of the last 2xx response, for `If-Modified-Since` (RFC 9110 §13.1.3).
    package var lastModified: String?
    /// When planet last tried to fetch the feed, whatever came of it.
    package var lastAttempt: Date?
    /// When the feed last answered with a document or a 304.
    package var lastSuccess: Date?
    /// HTTP status of the last attempt (200 for files); nil when no answer came (DNS, timeout).
    package var lastStatus: Int?
    /// Kind of the last failure (`FetchFailure.Kind` raw value, e.g. `timeout`); nil after a success.
    package var errorKind: String?
    /// Human-readable detail of the last failure; nil after a success.
    package var errorMessage: String?
    /// Failed attempts in a row since the last success; 0 after a success.
    package var failureStreak: Int
    /// Absolute URL the feed permanently moved to (301/308), to report and apply; nil otherwise.
    package var redirectTarget: String?
    /// True when the feed answered 410 Gone (RFC 9110 §15.5.11): not fetched again until feeds.txt changes.
    package var gone: Bool
    /// Do not fetch before this instant (429/503 `Retry-After`, RFC 9110 §10.2.3); nil when free.
    package var retryAfter: Date?
    /// The feed's own title from its last document, plain text.
    package var title: String?
    /// The feed's site link from its last document, absolute URL.
    package var link: String?
    /// The feed's own image (Atom logo or icon, RSS `<image>`, itunes:image, JSON Feed icon)
    /// from its last document, absolute URL.
    package var image: String?
    /// Fingerprint of feeds.txt when the feed was marked gone; nil when not gone.
    package var configFingerprint: String?
    /// The feed's own id from its last document (Atom `<id>`), as written.
    package var feedID: String?
    /// The feed's own last update from its last document (Atom `<updated>`, RSS `lastBuildDate`).
    package var updated: Date?
    /// The feed's own author from its last document (RFC 4287 §3.2 person construct).
    package var author: Person?
    /// The feed's language from its last document (RSS `<language>`, `xml:lang`), as written.
    package var language: String?
    /// The first failed attempt of the current run of failures (schema v8), nil when the last
    /// attempt succeeded; for a feed already failing when its cache was upgraded to v8, its last
    /// attempt before the upgrade.
    package var failingSince: Date?
    /// How long the feed's last document says a copy stays current, seconds (`Feed.updateInterval`:
    /// RSS `<ttl>`, `sy:updatePeriod`; schema v10); nil when it says nothing.
    package var statedInterval: TimeInterval?
    /// How long the last response (200 or 304) stayed fresh after it arrived, seconds
    /// (`HTTPFreshness.freshFor`; schema v10); nil when it gave no lifetime.
    package var freshFor: TimeInterval?
    /// When the feed is next due, as the build that last fetched it computed it
    /// (`scheduledFetch(pollInterval:)`; schema v10); nil: every build.
    package var nextFetch: Date?

    /// Creates a feed state with the given fields; everything but `url` defaults to nil, 0 or false.
    package init(
        url: String, etag: String? = nil, lastModified: String? = nil,
        lastAttempt: Date? = nil, lastSuccess: Date? = nil, lastStatus: Int? = nil,
        errorKind: String? = nil, errorMessage: String? = nil, failureStreak: Int = 0,
        redirectTarget: String? = nil, gone: Bool = false, retryAfter: Date? = nil,
        title: String? = nil, link: String? = nil, configFingerprint: String? = nil,
        feedID: String? = nil, updated: Date? = nil, author: Person? = nil, language: String? = nil
    ) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.lastAttempt = lastAttempt
        self.lastSuccess = lastSuccess
        self.lastStatus = lastStatus
        self.errorKind = errorKind
        self.errorMessage = errorMessage
        self.failureStreak = failureStreak
        self.redirectTarget = redirectTarget
        self.gone = gone
        self.retryAfter = retryAfter
        self.title = title
        self.link = link
        self.configFingerprint = configFingerprint
        self.feedID = feedID
        self.updated = updated
        self.author = author
        self.language = language
    }
}
