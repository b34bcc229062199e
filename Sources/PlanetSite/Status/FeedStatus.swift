import Foundation

/// How one subscription fared, for `status.json`, `status.html`, `--verbose` and tests.
///
/// Built from the cache's `FeedState` after this run's result was recorded, so "last success"
/// and "failure streak" span runs. Only public facts: a local file's path is never published
/// (`url` is then the feed's own self link, or nil).
public struct FeedStatus: Sendable, Equatable {
    /// What came of this run for the feed.
    public enum Outcome: String, Sendable, Equatable {
        /// A document was fetched and parsed.
        case ok
        /// HTTP 304: the cached copy is current.
        case notModified = "not-modified"
        /// The fetch or the parse failed.
        case failed
        /// Not fetched: gone (410), waiting for `Retry-After`, or `--offline`.
        case skipped
        /// Not requested: its server's hints or its `poll_interval` say it is not due before
        /// `nextFetch`; the cached copy counts as current, as after a 304.
        case notDue = "not-due"
    }

    /// The subscription URL as in feeds.txt (the cache key; may be a file path; never published).
    public var subscriptionURL: String
    /// The feed URL readers may see, nil for a local file without a self link.
    public var url: String?
    /// Display name (feeds.txt name, else the feed's title, else its URL).
    public var name: String
    /// What came of this run for the feed.
    public var outcome: Outcome
    /// Last time a document or a 304 came, UTC.
    public var lastSuccess: Date?
    /// Last attempt, UTC.
    public var lastAttempt: Date?
    /// The last failure in words (e.g. "HTTP 404 Not Found"), nil when the last attempt succeeded.
    public var lastError: String?
    /// Kind of the last failure (`FetchFailure.Kind` raw value), nil after a success.
    public var errorKind: String?
    /// HTTP status of the last attempt, nil when none came.
    public var httpStatus: Int?
    /// Entries the cache keeps for the feed.
    public var entriesKept: Int
    /// Entries of the document fetched this run that were left out: only the newest
    /// `Feed.defaultMaxEntries` of one document are read. 0 when none was, or nothing was parsed.
    public var entriesDropped: Int = 0
    /// Entries of the feed dated after the build time and left out of the page
    /// (`future_dates = ignore_entry`); 0 when none was, or the setting is not on.
    public var futureEntriesLeftOut: Int = 0
    /// Failed attempts in a row.
    public var failureStreak: Int
    /// Where the feed moved for good (301/308), to apply with `planet build --apply-redirects`.
    public var redirectTo: String?
    /// True when the feed answered 410 Gone and is not fetched until feeds.txt changes.
    public var gone: Bool
    /// Not fetched before this instant (Retry-After), UTC.
    public var retryAfter: Date?
    /// True when the feed is not failing and its newest entry is older than `activity_threshold`
    /// days (or it has none): the blog has gone quiet.
    public var inactive: Bool = false
    /// The date of the feed's newest entry in the cache (published, else first seen), UTC; nil
    /// when it has none.
    public var newestEntry: Date?
    /// The first failed attempt of the current run of failures, UTC; nil when not failing.
    public var failingSince: Date?
    /// When the feed is next fetched (its server's hints, its `poll_interval`), UTC; nil when it
    /// is fetched on every build ("due").
    public var nextFetch: Date?

    /// `outcome` as status.json and status.html publish it: a 304 is "ok", like a document, and so
    /// is a feed not due (its copy is as current as the server said). The
    /// published pages do not tell a 304 from a 200: the two alternate after every change of a
    /// feed, and a status page that said so would rewrite the site on the build after each one
    /// (README, "Nothing changed, nothing written"). `--verbose` still says "not modified".
    public var publishedOutcome: String {
        outcome == .notModified || outcome == .notDue ? Outcome.ok.rawValue : outcome.rawValue
    }

    /// `httpStatus` as the status pages publish it: a 304 confirms the document last fetched
    /// with 200, and is published as 200 (`publishedOutcome`).
    public var publishedHTTPStatus: Int? {
        httpStatus == 304 ? 200 : httpStatus
    }

    /// Creates a status with the given fields; optional facts default to nil, counts to 0, `gone` to false.
    public init(
        subscriptionURL: String, url: String?, name: String, outcome: Outcome,
        lastSuccess: Date? = nil, lastAttempt: Date? = nil, lastError: String? = nil,
        errorKind: String? = nil, httpStatus: Int? = nil, entriesKept: Int = 0,
        failureStreak: Int = 0, redirectTo: String? = nil, gone: Bool = false,
        retryAfter: Date? = nil
    ) {
        self.subscriptionURL = subscriptionURL
        self.url = url
        self.name = name
        self.outcome = outcome
        self.lastSuccess = lastSuccess
        self.lastAttempt = lastAttempt
        self.lastError = lastError
        self.errorKind = errorKind
        self.httpStatus = httpStatus
        self.entriesKept = entriesKept
        self.failureStreak = failureStreak
        self.redirectTo = redirectTo
        self.gone = gone
        self.retryAfter = retryAfter
    }

    /// True when the feed's latest attempt failed (this run, or an earlier one for a skipped feed).
    public var isFailing: Bool { lastError != nil }
}
