import Foundation
import PlanetRiver
import PlanetSite
import PlanetSubscriptions

extension PlanetBuild {
    /// The fairness rules of the page from feeds.txt: `items_per_page`, `items_per_feed` (with
    /// each feed's own `items_per_feed`), `days_per_page`.
    static func pageRules(_ settings: FeedList.Settings, subscriptions: [Subscription]) -> RiverPage {
        var caps: [String: Int] = [:]
        for subscription in subscriptions {
            if let cap = subscription.settings.itemsPerFeed { caps[subscription.url.absoluteString] = cap }
        }
        return RiverPage(
            limit: settings.itemsPerPage, itemsPerFeed: settings.itemsPerFeed(feedCount: subscriptions.count),
            feedCaps: caps,
            daysPerPage: settings.daysPerPage)
    }
}

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
}
