import FeedParser
import Foundation
import Mustache
import PlanetBase
import PlanetCache
import PlanetFetcher
import PlanetPublisher
import PlanetRiver
import PlanetSite
import PlanetSubscriptions

/// Runs the pipeline once: feeds.txt → fetch (conditional, only feeds that are due) → parse →
/// cache → river from the cache → site and status report → atomic publish.
public enum PlanetBuild {
    /// Builds the site.
    ///
    /// The lock file is taken first (one build per feeds.txt at a time), then templates are
    /// compiled, so a template error costs no network. A feed that fails (fetch or parse) is
    /// recorded in the cache and reported in `BuildReport.failures`; its cached entries stay on
    /// the page (docs/ARCHITECTURE.md, rule 1: a failing feed never fails the build).
    /// - Throws: `BuildError` `.config` (feeds.txt), `.lock`, `.site`, `.cache`, `.publish`; the
    ///   previous site is then left as it was.
    public static func run(_ options: BuildOptions) async throws(BuildError) -> BuildReport {
        let start = ContinuousClock.now
        var list = try loadList(options.configURL)
        let lock = try await takeLock(options)
        defer { withExtendedLifetime(lock) {} }
        let site = try compileTemplates(options)
        let publisher = try checkOutput(options)
        let pages = try readPages(options)
        let run = try openCache(options, list: list)
        let fetcher = Fetcher(run.fetcherConfiguration)
        let readingLists = try await run.readingListFeeds(list.readingLists, listed: list.subscriptions,
                                                          fetcher: fetcher)
        // `subscriptions` is computed (each URL normalized to drop duplicates): read it once.
        var subscriptions = list.subscriptions + readingLists.feeds
        let outcomes = try await run.fetchAndRecord(subscriptions, fetcher: fetcher)
        let applied = options.applyRedirects ? try await run.applyRedirects(&list) : [:]
        if !applied.isEmpty { subscriptions = list.subscriptions + readingLists.feeds }
        // The index and the archive pages (`page/2.html` …) come from one river; only templates
        // that can render archive pages get them (`Site.rendersArchive`).
        let archivePages = site.rendersArchive ? run.settings.archivePages : 0
        let selection = try await run.chooseRiver(subscriptions, outcomes: outcomes, archivePages: archivePages)
        let files = try render(selection, site: site, pages: pages, run: run)
        try publish(files, site: site, publisher: publisher)
        var report = report(outcomes, selection: selection, subscriptions: subscriptions, since: start)
        report.redirectsApplied = applied
        report.configWarnings = list.warnings + selection.faces.warnings + readingLists.warnings
            + archiveWarning(site, run.settings)
        return report
    }

    /// Takes the lock of the cache (`BuildOptions.lockURL`), waiting for it with `--wait`.
    /// - Throws: `BuildError.lock`.
    static func takeLock(_ options: BuildOptions) async throws(BuildError) -> BuildLock {
        try await BuildError.wrapping(BuildError.Reason.lock) { () async throws(LockError) in
            try await BuildLock.acquire(options.lockURL, wait: options.waitForLock)
        }
    }

    /// Compiles the templates, before anything is fetched.
    /// - Throws: `BuildError.site`.
    static func compileTemplates(_ options: BuildOptions) throws(BuildError) -> Site {
        try BuildError.wrapping(BuildError.Reason.site) { () throws(SiteError) in try Site(options.templates) }
    }

    /// The publisher of the output folder, once it is known that the folder may be replaced.
    /// - Throws: `BuildError.publish`.
    static func checkOutput(_ options: BuildOptions) throws(BuildError) -> Publisher {
        let publisher = Publisher(outputURL: options.outputURL, guarding: guardedPlaces(options))
        try BuildError.wrapping(BuildError.Reason.publish) { () throws(PublishError) in try publisher.check() }
        return publisher
    }

    /// The Markdown pages of `pages/` beside feeds.txt.
    /// - Throws: `BuildError.site`.
    static func readPages(_ options: BuildOptions) throws(BuildError) -> SitePages {
        try BuildError.wrapping(BuildError.Reason.site) { () throws(SiteError) in
            try SitePages.load(folder: SitePages.folder(forConfig: options.configURL))
        }
    }

    /// Opens the cache and sets up this run's work against it, at the build time.
    /// - Throws: `BuildError.cache`.
    static func openCache(_ options: BuildOptions, list: FeedList) throws(BuildError) -> BuildRun {
        let cache = try BuildError.wrapping(BuildError.Reason.cache) { () throws(CacheError) in
            try FeedCache(path: options.resolvedCacheURL.path)
        }
        let settings = list.settings
        let site = siteConfiguration(settings)
        return BuildRun(options: options, cache: cache, now: options.now ?? Date(), settings: settings,
                        siteConfiguration: site, userAgent: PlanetVersion.userAgent(site: site.link),
                        fingerprint: fingerprint(of: list))
    }

    /// The site's files: every template rendered over the river and its archive pages (with the
    /// status report's `feeds_status` and `has_redirects`), status.json, the face files and the
    /// static files held in memory.
    /// - Throws: `BuildError.site`.
    static func render(_ selection: Selection, site: Site, pages: SitePages, run: BuildRun) throws(BuildError)
        -> [String: Data] {
        var context = SiteContext(configuration: run.siteConfiguration, river: selection.river,
                                  subscriptions: selection.sidebar, now: run.now, pages: pages,
                                  faces: selection.faces.byFeed)
        context.olderPages = Array(selection.pages.dropFirst())
        let status = StatusReport(title: run.siteConfiguration.title, generated: run.now, feeds: selection.statuses)
        var files = try BuildError.wrapping(BuildError.Reason.site) { () throws(SiteError) in
            try site.render(context, extra: [
                "feeds_status": status.mustacheValue,
                "has_redirects": .bool(status.feeds.contains { $0.redirectTo != nil }),
            ])
        }
        files["status.json"] = status.json()
        files.merge(selection.faces.files) { rendered, _ in rendered }
        files.merge(site.staticFiles) { rendered, _ in rendered }
        return files
    }

    /// Publishes `files` and the templates' static folder, replacing the output atomically.
    /// - Throws: `BuildError.publish`.
    static func publish(_ files: [String: Data], site: Site, publisher: Publisher) throws(BuildError) {
        try BuildError.wrapping(BuildError.Reason.publish) { () throws(PublishError) in
            try publisher.publish(files: files, staticFolder: site.staticFolder)
        }
    }

    /// The report of the run: feeds ok, failures (sorted by URL), skipped feeds, entries on the
    /// page, redirects to apply, every feed's status, and the time since `start`.
    static func report(_ outcomes: [String: FeedOutcome], selection: Selection, subscriptions: [Subscription],
                       since start: ContinuousClock.Instant) -> BuildReport {
        let elapsed = ContinuousClock.now - start
        let failures = outcomes.values.compactMap(\.failure).sorted { $0.url.absoluteString < $1.url.absoluteString }
        var report = BuildReport(feedsOK: outcomes.count - failures.count, failures: failures,
                                 entries: selection.river.count,
                                 duration: Double(elapsed.components.seconds)
                                    + Double(elapsed.components.attoseconds) / 1e18)
        report.skipped = subscriptions.count - outcomes.count
        for feed in selection.statuses {
            if let target = feed.redirectTo { report.redirectsToApply[feed.subscriptionURL] = target }
        }
        report.feeds = selection.statuses
        return report
    }

    static func loadList(_ url: URL) throws(BuildError) -> FeedList {
        try BuildError.wrapping(BuildError.Reason.config) { () throws(FeedListError) in try FeedList.load(url) }
    }

    /// A stable digest of feeds.txt's text: a 410 Gone feed is fetched again once it changes.
    static func fingerprint(of list: FeedList) -> String {
        StableHash.fnv1a64([list.serialized()])
    }

    /// What the output folder must never replace: feeds.txt's folder, the templates folder and
    /// the cache file (`Publisher.check()`).
    static func guardedPlaces(_ options: BuildOptions) -> [Publisher.Guarded] {
        var places = [Publisher.Guarded("feeds.txt's folder", options.configURL.absoluteURL.deletingLastPathComponent()),
                      Publisher.Guarded("the cache", options.resolvedCacheURL)]
        if let templates = options.templatesURL { places.append(Publisher.Guarded("the templates", templates)) }
        return places
    }

    /// The site-wide facts from feeds.txt's settings, with defaults for what is missing. The
    /// page's language is `language`, else the `locale` its dates are written in, else `en`.
    static func siteConfiguration(_ settings: FeedList.Settings) -> SiteConfiguration {
        SiteConfiguration(title: settings.title ?? "Planet",
                          link: settings.link?.absoluteString ?? "http://localhost/",
                          description: settings.siteDescription ?? "",
                          ownerName: settings.ownerName, ownerEmail: settings.ownerEmail,
                          timeZone: settings.timezone, language: settings.language ?? settings.locale ?? "en",
                          itemTitle: settings.itemTitle.flatMap(SiteConfiguration.ItemTitle.init(rawValue:))
                            ?? .nameAndTitle,
                          locale: settings.locale, dateFormat: settings.dateFormat, timeFormat: settings.timeFormat)
    }
}
