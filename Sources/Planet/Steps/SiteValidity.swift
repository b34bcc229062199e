import FeedParser
import Foundation
import PlanetCache
import PlanetRiver
import PlanetSite

/// Until when the passing of time alone cannot change a site: the first instant at which a rule
/// that compares a date with the build time decides otherwise (`SiteRecord.validUntil`). Each such
/// rule of the river, the site and the status report says when it next changes, beside the rule
/// (`nextChange`); this takes the earliest. A rule added elsewhere must be added here too, or a
/// build before that instant would keep a site that time had changed (`UnchangedBuildTests` checks
/// each rule).
///
/// - `River.build`: a published date after the build time counts as unknown until it comes;
///   no date is after the build time (`River.nextChange(heads:readAll:now:)`).
/// - `RiverPage.daysPerPage`: an entry leaves the index when it gets older than the days
///   (`RiverPage.nextChange(ofIndex:daysPerPage:)`).
/// - `SiteEntry`: an entry's or its feed's `updated` after the build time is printed as the
///   build time (`SiteEntry.nextChange(of:now:)`).
/// - `ActivityRule`: a feed becomes inactive when its newest entry gets older than
///   `activity_threshold` days (`ActivityRule.nextChange(threshold:statuses:newest:now:)`).
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
        statuses: [FeedStatus], newest: [FeedKey: Date], activityThreshold: Int?
    ) -> Date? {
        let changes = [
            River.nextChange(heads: heads, readAll: readAll, now: now),
            RiverPage.nextChange(ofIndex: pages.first ?? [], daysPerPage: daysPerPage),
            SiteEntry.nextChange(of: pages.joined(), now: now),
            ActivityRule.nextChange(threshold: activityThreshold, statuses: statuses, newest: newest, now: now)
        ]
        let until = changes.compactMap { $0 }.min()
        return until.map { max($0, now) }
    }
}
