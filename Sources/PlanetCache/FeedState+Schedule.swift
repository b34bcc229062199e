import Foundation

extension FeedState {
    /// The furthest ahead a server's hint can put a feed's next fetch, seconds (24 hours): a feed
    /// that says `<ttl>10080</ttl>` (a week) or `sy:updatePeriod = yearly` is still asked daily,
    /// so that a post is never a week late because of a hint written once and forgotten. A
    /// feed's own `poll_interval` setting is the admin's word and is not bounded by it.
    package static let longestHintedWait: TimeInterval = 86_400

    /// How early a build may fetch a feed before its next fetch instant, seconds: cron starts
    /// builds on the minute, and the build time (the instant a fetch is recorded at) lands a few
    /// seconds after it, so without it a feed with `<ttl>60</ttl>` under an hourly cron would be
    /// fetched every other hour.
    package static let scheduleSlack: TimeInterval = 60

    /// When the feed is next due (issue 25, "server hints for polling"), nil when it is due on
    /// every build:
    ///
    /// - after a failure, never fetched, or never answered: every build (`Retry-After` and 410
    ///   have their own rule, `isDue(now:configFingerprint:)`);
    /// - with `pollInterval` (the feed's `poll_interval` setting), that long after the last
    ///   success (a document or a 304), whatever the server says;
    /// - else the earliest of the server's hints, counted from the last success: how long the
    ///   document says it stays current (`statedInterval`: RSS `<ttl>`, `sy:updatePeriod`) and how
    ///   long the response stayed fresh (`freshFor`: `Cache-Control: max-age`, `Expires`, RFC
    ///   9111 §4.2), at most `longestHintedWait` later; no hint: every build.
    ///
    /// A hint shorter than the cron's cadence gives an instant before the next build: that build
    /// fetches the feed, as without a hint.
    /// - Parameter pollInterval: the feed's `poll_interval`, seconds; nil when not set.
    package func scheduledFetch(pollInterval: TimeInterval?) -> Date? {
        guard failureStreak == 0, !gone, let fetched = lastSuccess else { return nil }
        if let pollInterval { return fetched.addingTimeInterval(pollInterval) }
        guard let hint = [statedInterval, freshFor].compactMap({ $0 }).filter({ $0 > 0 }).min() else { return nil }
        return fetched.addingTimeInterval(min(hint, Self.longestHintedWait))
    }

    /// Whether the server's hints (or `pollInterval`) say the feed is not due at `now`: its next
    /// fetch lies more than `scheduleSlack` ahead (`scheduledFetch(pollInterval:)`). Such a feed is
    /// not requested; the build treats it as a 304.
    package func isWaiting(now: Date, pollInterval: TimeInterval?) -> Bool {
        guard let next = scheduledFetch(pollInterval: pollInterval) else { return false }
        return next.timeIntervalSince(now) > Self.scheduleSlack
    }
}
