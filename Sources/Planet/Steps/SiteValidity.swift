import FeedParser
import Foundation
import PlanetCache
import PlanetRiver
import PlanetSite

/// Until when the passing of time alone cannot change a site: the first instant at which a rule
/// that compares a date with the build time decides otherwise (`SiteRecord.validUntil`). Every
/// such rule of the river, the site and the status report is here; one added elsewhere must be
/// added here too, or a build before that instant would keep a site that time had changed
/// (`UnchangedBuildTests` checks each rule).
///
/// - `River.build`: a published date after the build time counts as unknown until it comes
///   (the entry then moves to its date), and no date is after the build time (an entry first
///   seen "later", after the clock went back, is dated by each build's time).
/// - `RiverPage.daysPerPage`: an entry leaves the index when it gets older than the days (for an
///   archive page, to the next page; archive pages have no such rule).
/// - `SiteEntry`: an entry's or its feed's `updated` after the build time is printed as the
///   build time, which then changes with every build.
/// - `ActivityRule`: a feed becomes inactive when its newest entry gets older than
///   `activity_threshold` days.
enum SiteValidity {
    /// The first instant after `now` at which time changes the site; `now` itself when it changes
    /// with every build; nil when nothing depends on the time.
    /// - Parameters:
    ///   - heads: the entry heads the river was chosen from (all of them when `readAll`).
    ///   - readAll: whether `heads` are all the heads (else the newest, in the order they sort).
    ///   - pages: the entries of the index, then of each archive page, loaded whole.
    ///   - daysPerPage: setting `days_per_page` (the index's rule only).
    ///   - statuses: every feed's status, with `inactive` set by `activity`.
    ///   - newest: each feed's newest entry date.
    static func until(
        now: Date, heads: [CachedEntry], readAll: Bool, pages: [[RiverEntry]], daysPerPage: Int?,
        statuses: [FeedStatus], newest: [String: Date], activityThreshold: Int?
    ) -> Date? {
        var until: Date?
        func flip(at instant: Date) { until = min(until ?? instant, instant) }

        var oldestRead = Date.distantFuture
        for head in heads {
            let sortDate = head.entry.published ?? head.firstSeen
            oldestRead = min(oldestRead, sortDate)
            if let published = head.entry.published, published > now {
                flip(at: published)
                if head.firstSeen > now { flip(at: now) }
            } else if head.entry.published == nil, head.firstSeen > now {
                flip(at: now)
            }
        }
        // Heads not read sort after the oldest read; only when that one is in the future could one of
        // them be too.
        if !readAll, !heads.isEmpty, oldestRead > now { flip(at: now) }

        if let days = daysPerPage, let index = pages.first {
            for item in index { flip(at: item.date.addingTimeInterval(Double(days) * 86_400)) }
        }
        for item in pages.joined() {
            if let updated = item.entry.updated, updated > now { flip(at: now) }
            if let updated = item.source.head.updated, updated > now { flip(at: now) }
        }

        if let days = activityThreshold {
            for status in statuses where !status.inactive && !status.isFailing && status.lastSuccess != nil {
                guard let date = newest[status.subscriptionURL] else { continue }
                let instant = date.addingTimeInterval(Double(days) * 86_400)
                if instant > now { flip(at: instant) }
            }
        }
        return until.map { max($0, now) }
    }
}
