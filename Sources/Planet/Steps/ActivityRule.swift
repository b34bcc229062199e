import Foundation
import PlanetSite
import PlanetSubscriptions

/// `activity_threshold` (Planet Venus): a feed that is not failing and whose newest entry is
/// older than that many days (or that has none) is inactive.
struct ActivityRule: Sendable {
    /// The oldest newest-entry date of an active feed; nil: no feed is ever inactive.
    let cutoff: Date?

    init(_ settings: FeedList.Settings, now: Date) {
        cutoff = settings.activityThreshold.map { now.addingTimeInterval(-Double($0) * 86_400) }
    }

    /// Whether the feed of `status`, whose newest entry is dated `newest`, is inactive.
    func isInactive(_ status: FeedStatus, newest: Date?) -> Bool {
        guard let cutoff, !status.isFailing, status.lastSuccess != nil else { return false }
        return (newest ?? .distantPast) < cutoff
    }

    /// When the rule next changes a feed of `statuses`: the first instant after `now` at which an
    /// active feed (not failing, fetched once) gets inactive, its newest entry (`newest`, by
    /// subscription URL) then older than `threshold` days; nil when none will or `threshold` is
    /// nil. `SiteValidity` takes the earliest of the time rules (docs/ARCHITECTURE.md, Rules 13).
    static func nextChange(threshold: Int?, statuses: [FeedStatus], newest: [FeedKey: Date], now: Date) -> Date? {
        guard let days = threshold else { return nil }
        var next: Date?
        for status in statuses where !status.inactive && !status.isFailing && status.lastSuccess != nil {
            guard let date = newest[FeedKey(stored: status.subscriptionURL)] else { continue }
            let instant = date.addingTimeInterval(Double(days) * 86_400)
            if instant > now { next = min(next ?? instant, instant) }
        }
        return next
    }
}
