import Foundation
import PlanetRiver
import PlanetSite
import PlanetSubscriptions

/// feeds.txt's settings as each stage's own configuration: the site's (`SiteConfiguration`) and
/// the river page's (`RiverPage`). The others are read where the build opens the stage: the
/// activity rule (`ActivityRule.init(_:now:)`), the cache's retention, the fetcher's
/// configuration and the filter set (`BuildRun`).
extension PlanetBuild {
    /// The site-wide facts from feeds.txt's settings, with defaults for what is missing. The
    /// page's language is `language`, else the `locale` its dates are written in, else `en`.
    static func siteConfiguration(_ settings: FeedList.Settings) -> SiteConfiguration {
        var configuration = SiteConfiguration(
            title: settings.title ?? "Planet",
            link: settings.link?.absoluteString ?? "http://localhost/",
            description: settings.siteDescription ?? "",
            ownerName: settings.ownerName, ownerEmail: settings.ownerEmail,
            timeZone: settings.timezone, language: settings.language ?? settings.locale ?? "en",
            itemTitle: settings.itemTitle.flatMap(SiteConfiguration.ItemTitle.init(rawValue:))
                ?? .nameAndTitle,
            locale: settings.locale, dateFormat: settings.dateFormat, timeFormat: settings.timeFormat)
        configuration.excerptLength = settings.excerptLength
        return configuration
    }

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
