import Foundation
import PlanetCache
import PlanetFetcher
import PlanetRiver
import PlanetSite
import PlanetSubscriptions

/// feeds.txt's settings (and the command line's options over them) as each stage's own
/// configuration: the site's (`SiteConfiguration`), the river page's (`RiverPage`), the
/// fetcher's (`FetcherConfiguration`) and the cache's retention (`Retention`). Two are read
/// where their rule lives: the activity rule (`ActivityRule.init(_:now:)`) and the filter set
/// (`BuildRun.filteredOut`).
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
            if let cap = subscription.settings.itemsPerFeed { caps[subscription.key.string] = cap }
        }
        return RiverPage(
            limit: settings.itemsPerPage, itemsPerFeed: settings.itemsPerFeed(feedCount: subscriptions.count),
            feedCaps: caps,
            daysPerPage: settings.daysPerPage)
    }

    /// The fetcher's settings for this build: `--jobs`, `--per-host` (else `per_host`),
    /// `--timeout`, the address policy, trust store, proxies, resolver and loopback guard of the
    /// options, `userAgent`, `max_bytes`.
    static func fetcherConfiguration(
        _ options: BuildOptions, _ settings: FeedList.Settings, userAgent: String
    ) -> FetcherConfiguration {
        var configuration = FetcherConfiguration()
        configuration.jobs = max(1, options.jobs)
        if let perHost = options.perHost ?? settings.perHost { configuration.perHost = max(1, perHost) }
        configuration.timeout = options.timeout
        configuration.userAgent = userAgent
        configuration.addressPolicy = options.addressPolicy
        configuration.trustStore = options.trustStore
        configuration.proxies = options.proxies
        configuration.resolver = options.resolver
        configuration.loopbackOnly = options.loopbackOnly
        if let maxBytes = settings.maxBytes { configuration.maxBytes = maxBytes }
        return configuration
    }

    /// How long the cache keeps entries: settings `keep_days` (default 90) and `keep_entries`
    /// (default 200).
    static func retention(_ settings: FeedList.Settings) -> Retention {
        Retention(keepDays: settings.keepDays ?? 90, keepEntries: settings.keepEntries ?? 200)
    }
}
