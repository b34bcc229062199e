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
        var steps = BuildSteps()
        var list = try await steps.run("feeds.txt", loadList(options.configURL))
        let lock = try await steps.run("lock", await takeLock(options))
        defer { withExtendedLifetime(lock) {} }
        let site = try await steps.run("templates", compileTemplates(options))
        let output = try await steps.run("output", OutputFolder(options))
        let pages = try await steps.run("pages", readPages(options))
        let (run, cacheWarning) = try await steps.run("cache open", openCache(options, list: list))
        // `subscriptions` is computed (each URL normalized to drop duplicates): read it once.
        let (listed, fetcher) = (list.subscriptions, Fetcher(run.fetcherConfiguration))
        let lists = try await steps.run("reading lists", await run.readingListFeeds(list.readingLists, listed, fetcher))
        var fetched = try await steps.run("fetch + record", await run.fetchAndRecord(listed + lists.feeds, fetcher))
        let applied = try await steps.run(
            "redirects", await run.applyRedirects(&list, &fetched, if: options.applyRedirects))
        let subscriptions = applied.isEmpty ? listed + lists.feeds : list.subscriptions + lists.feeds
        let read = try await steps.run("faces", run.faces(reading: subscriptions))
        let (faces, faceWarnings) = try await steps.run(
            "face copies", await run.copyFaces(read, subscriptions, fetched, fetcher))
        let inputs = SiteInputs(
            list: list, site: site, templates: options.templates, output: output, pages: pages,
            subscriptions: subscriptions, faces: faces)
        let unchanged = try await steps.run("unchanged check", await UnchangedSite.check(inputs, fetched, run))
        let warnings =
            list.warnings + faces.warnings + faceWarnings + lists.warnings + archiveWarning(site, run.settings)
        if let record = unchanged.reusable {
            let statuses = try await steps.run("statuses", await run.statuses(subscriptions, fetched))
            var reused = report(.reused(statuses, record), fetched, subscriptions, applied, warnings, steps)
            reused.damagedCache = cacheWarning
            return reused
        }
        let archivePages = site.rendersArchive ? run.settings.archivePages : 0
        let selection = try await steps.run("river", await run.chooseRiver(inputs, fetched, archivePages))
        var rendering = Rendering(selection, inputs, run, updated: unchanged.lastChanged(now: run.now))
        var plan = try await steps.run("render", rendering.plan(output))
        if unchanged.rendersAgain(plan, renderedAt: rendering.updated, now: run.now) {
            // Something changed now: the site is rendered as of now (`UnchangedSite.rendersAgain`).
            try await steps.run("render again", rendering.changed(at: run.now, replacing: &plan, in: output))
        }
        let published = try await steps.run("publish", output.publish(plan))
        try await steps.run("site record", await unchanged.remember(selection, rendering.updated, output, run))
        var rendered = report(.rendered(selection, published), fetched, subscriptions, applied, warnings, steps)
        rendered.damagedCache = cacheWarning
        return rendered
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

    /// The Markdown pages of `pages/` beside feeds.txt.
    /// - Throws: `BuildError.site`.
    static func readPages(_ options: BuildOptions) throws(BuildError) -> SitePages {
        try BuildError.wrapping(BuildError.Reason.site) { () throws(SiteError) in
            try SitePages.load(folder: SitePages.folder(forConfig: options.configURL))
        }
    }

    /// Opens the cache and sets up this run's work against it, at the build time. A damaged
    /// cache is moved aside and the build starts afresh from the feeds
    /// (`FeedCache.openMovingDamagedAside`), with a warning that says so and where it went.
    /// - Returns: the run, and the warning (nil when the cache was sound).
    /// - Throws: `BuildError.cache`.
    static func openCache(_ options: BuildOptions, list: FeedList) throws(BuildError) -> (BuildRun, String?) {
        let now = options.now ?? Date()
        let (cache, movedTo) = try BuildError.wrapping(BuildError.Reason.cache) { () throws(CacheError) in
            try FeedCache.openMovingDamagedAside(path: options.resolvedCacheURL.path, now: now)
        }
        let warning = movedTo.map { aside in
            "THE CACHE WAS DAMAGED: '\(options.resolvedCacheURL.path)' was moved aside to '\(aside)' and this build "
                + "starts afresh from the feeds (first-seen dates and hidden entries are lost; the site is "
                + "replaced only by this build's); keep the damaged file to recover from, or delete it"
        }
        let settings = list.settings
        let site = siteConfiguration(settings)
        let userAgent = PlanetVersion.userAgent(site: site.link)
        let run = BuildRun(
            cache: cache, now: now, settings: settings, configURL: options.configURL, offline: options.offline,
            force: options.force,
            fetcherConfiguration: fetcherConfiguration(options, settings, userAgent: userAgent),
            retention: retention(settings), progress: options.progress,
            siteConfiguration: site, userAgent: userAgent, fingerprint: fingerprint(of: list))
        return (run, warning)
    }

    /// How the site part of a build ended: reused as the last build left it (the statuses of
    /// this run, the record's entries), or rendered and published.
    enum SiteEnd {
        case reused([FeedStatus], SiteRecord)
        case rendered(Selection, PublishOutcome)
    }

    /// The report of the run, built once at its end: feeds ok, failures (sorted by URL), skipped
    /// feeds, entries on the page, redirects to apply and applied, every feed's status, the files
    /// written, feeds.txt's warnings, and each step's time.
    static func report(
        _ end: SiteEnd, _ fetched: BuildRun.Fetched, _ subscriptions: [Subscription], _ applied: [String: String],
        _ warnings: [String], _ steps: BuildSteps
    ) -> BuildReport {
        let outcomes = fetched.outcomes
        let failures = outcomes.values.compactMap(\.failure).sorted { $0.url.absoluteString < $1.url.absoluteString }
        let (statuses, entries): ([FeedStatus], Int)
        switch end {
        case .reused(let reused, let record): (statuses, entries) = (reused, record.entries)
        case .rendered(let selection, _): (statuses, entries) = (selection.statuses, selection.river.count)
        }
        var report = BuildReport(
            feedsOK: outcomes.count - failures.count, failures: failures, entries: entries, duration: steps.elapsed)
        report.skipped = subscriptions.count - outcomes.count
        for feed in statuses {
            if let target = feed.redirectTo { report.redirectsToApply[feed.subscriptionURL] = target }
        }
        report.feeds = statuses
        if case .rendered(_, let published) = end {
            report.filesWritten = published.written
        } else {
            report.siteReused = true
        }
        report.redirectsApplied = applied
        report.configWarnings = warnings
        report.phases = steps.phases
        return report
    }

    static func loadList(_ url: URL) throws(BuildError) -> FeedList {
        try BuildError.wrapping(BuildError.Reason.config) { () throws(FeedListError) in try FeedList.load(url) }
    }

    /// A stable digest of feeds.txt's text: a 410 Gone feed is fetched again once it changes.
    static func fingerprint(of list: FeedList) -> String {
        StableHash.fnv1a64([list.serialized()])
    }
}
