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
        var phases = BuildPhases()
        var list = try loadList(options.configURL)
        phases.mark("feeds.txt")
        let lock = try await takeLock(options)
        defer { withExtendedLifetime(lock) {} }
        phases.mark("lock")
        let site = try compileTemplates(options)
        phases.mark("templates")
        let publisher = try checkOutput(options)
        let pages = try readPages(options)
        phases.mark("pages")
        let run = try openCache(options, list: list)
        phases.mark("cache open")
        let fetcher = Fetcher(run.fetcherConfiguration)
        // `subscriptions` is computed (each URL normalized to drop duplicates): read it once.
        let listed = list.subscriptions
        let readingLists = try await run.readingListFeeds(list.readingLists, listed: listed, fetcher: fetcher)
        var subscriptions = listed + readingLists.feeds
        phases.mark("reading lists")
        var fetched = try await run.fetchAndRecord(subscriptions, fetcher: fetcher)
        phases.mark("fetch + record")
        let applied = options.applyRedirects ? try await run.applyRedirects(&list) : [:]
        if !applied.isEmpty {
            subscriptions = list.subscriptions + readingLists.feeds
            // The moves changed the states' keys: read them again.
            let states = try await run.cacheCall { () throws(CacheError) in try await run.cache.allStates() }
            fetched.states = Dictionary(states.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        }
        var faceFiles = Faces(configURL: options.configURL, settings: run.settings)
        faceFiles.readFiles(for: subscriptions)

        // Nothing changed since the last build of this output (Benchmarks/PERF.md, "Session 6"):
        // the same inputs (`BuildFingerprint`), the same cache content, a time before any date that
        // changes the site, and the output folder as that build left it. Then the site is what it
        // is: no river, no render, nothing written.
        let target = try BuildError.wrapping(BuildError.Reason.publish) { () throws(PublishError) in
            try publisher.check()
        }
        let record = try await run.cacheCall { () throws(CacheError) in
            try await run.cache.siteRecord(output: target.path)
        }
        let contentVersion = try await run.cacheCall { () throws(CacheError) in try await run.cache.contentVersion() }
        var fingerprint = BuildFingerprint()
        fingerprint.addPlanet()
        fingerprint.add("feeds.txt", text: list.serialized())
        fingerprint.add("output", text: target.path)
        fingerprint.addTemplates(options.templates)
        fingerprint.addPages(pages)
        for (path, data) in faceFiles.files.sorted(by: { $0.key < $1.key }) { fingerprint.add("face " + path, data) }
        fingerprint.addSubscriptions(subscriptions, outcomes: fetched.outcomes)
        let inputs = fingerprint.value
        // A status template written before cache schema v8 may show values that change on every
        // build (`StatusReport.everyBuildKeys`): its site is rendered every time, as it was then.
        let changesEveryBuild = !site.references(anyOf: StatusReport.everyBuildKeys).isEmpty
        let sameInputs =
            !changesEveryBuild
            && record.map { record in
                record.fingerprint == inputs && record.contentVersion == contentVersion
                    && record.validUntil.map { run.now < $0 } ?? true
            } ?? false
        if let record, sameInputs, OutputManifest.read(target) == record.manifest {
            let statuses = try await run.statuses(
                subscriptions, fetched: fetched,
                activity: ActivityRule(run.settings, now: run.now))
            phases.mark("unchanged")
            var report = report(
                fetched.outcomes, statuses: statuses, entries: record.entries,
                subscriptions: subscriptions, since: start)
            report.siteReused = true
            report.redirectsApplied = applied
            report.configWarnings =
                list.warnings + faceFiles.warnings + readingLists.warnings
                + archiveWarning(site, run.settings)
            report.phases = phases
            return report
        }
        phases.mark("unchanged check")

        // The index and the archive pages (`page/2.html` …) come from one river; only templates
        // that can render archive pages get them (`Site.rendersArchive`).
        let archivePages = site.rendersArchive ? run.settings.archivePages : 0
        let selection = try await run.chooseRiver(subscriptions, fetched: fetched, archivePages: archivePages)
        phases.mark("river")
        // The site is rendered as of its last change (`planet.updated_*`, status.json `generated`);
        // when that gives other bytes than the output holds, something changed now.
        var rendering = rendering(selection, site: site, pages: pages, run: run, updated: record?.changedAt ?? run.now)
        var plan = try plan(try rendering.files(), site: site, publisher: publisher)
        // With the same inputs the site is the same: an output changed by hand is put back as it was.
        if !plan.changesNothing, rendering.updated != run.now, !sameInputs {
            // The first rendering goes before the second is made (10,000 feeds: 13 MB of files).
            plan.planned = [:]
            rendering.changed(at: run.now)
            plan = try self.plan(try rendering.files(), site: site, publisher: publisher)
        }
        phases.mark("render")
        let published = try BuildError.wrapping(BuildError.Reason.publish) { () throws(PublishError) in
            try publisher.publish(plan)
        }
        phases.mark("publish")
        let validUntil = SiteValidity.until(
            now: run.now, heads: selection.heads, readAll: selection.readAllHeads,
            pages: selection.pages, daysPerPage: run.settings.daysPerPage,
            statuses: selection.statuses, newest: selection.newest,
            activityThreshold: run.settings.activityThreshold)
        // Best effort: without the record the next build renders again and writes nothing new.
        try? await run.cache.recordSite(
            SiteRecord(
                output: target.path, changedAt: rendering.updated,
                fingerprint: inputs, contentVersion: contentVersion,
                validUntil: validUntil, entries: selection.river.count,
                manifest: OutputManifest.read(target)))
        phases.mark("site record")

        var report = report(
            fetched.outcomes, statuses: selection.statuses, entries: selection.river.count,
            subscriptions: subscriptions, since: start)
        report.filesWritten = published.written
        report.redirectsApplied = applied
        report.configWarnings =
            list.warnings + selection.faces.warnings + readingLists.warnings
            + archiveWarning(site, run.settings)
        report.phases = phases
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
        return BuildRun(
            options: options, cache: cache, now: options.now ?? Date(), settings: settings,
            siteConfiguration: site, userAgent: PlanetVersion.userAgent(site: site.link),
            fingerprint: fingerprint(of: list))
    }

    /// One rendering of the site: its context, status report and root value, at `updated` (when
    /// the site last changed: `planet.updated_*`, status.json `generated`).
    struct Rendering {
        var site: Site
        var context: SiteContext
        var status: StatusReport
        var root: MustacheValue
        /// Face files and static files held in memory, published beside the rendered pages.
        var extraFiles: [String: Data]
        /// The time the rendering says the site last changed.
        var updated: Date

        /// Every file: the templates rendered over `root`, status.json and `extraFiles`.
        /// - Throws: `BuildError.site`.
        func files() throws(BuildError) -> [String: Data] {
            var files = try BuildError.wrapping(BuildError.Reason.site) { () throws(SiteError) in
                try site.render(context, root: root)
            }
            files["status.json"] = status.json()
            files.merge(extraFiles) { rendered, _ in rendered }
            return files
        }

        /// The same site, changed at `date`, without building the value tree again.
        mutating func changed(at date: Date) {
            root = context.value(root, updated: date)
            status.generated = date
            updated = date
        }
    }

    /// The site's rendering at `updated`: every template over the river and its archive pages
    /// (with the status report's `feeds_status` and `has_redirects`), status.json, the face files
    /// and the static files held in memory.
    static func rendering(
        _ selection: Selection, site: Site, pages: SitePages, run: BuildRun,
        updated: Date
    ) -> Rendering {
        var context = SiteContext(
            configuration: run.siteConfiguration, river: selection.river,
            subscriptions: selection.sidebar, now: run.now, pages: pages,
            faces: selection.faces.byFeed)
        context.olderPages = Array(selection.pages.dropFirst())
        context.updated = updated
        let status = StatusReport(title: run.siteConfiguration.title, generated: updated, feeds: selection.statuses)
        let root = site.rootValue(
            context,
            extra: [
                "feeds_status": status.mustacheValue,
                "has_redirects": .bool(status.feeds.contains { $0.redirectTo != nil })
            ])
        return Rendering(
            site: site, context: context, status: status, root: root,
            extraFiles: selection.faces.files.merging(site.staticFiles) { faces, _ in faces },
            updated: updated)
    }

    /// What publishing `files` and the templates' static folder would write (`Publisher.plan`).
    /// - Throws: `BuildError.publish`.
    static func plan(_ files: [String: Data], site: Site, publisher: Publisher) throws(BuildError) -> Publisher.Plan {
        try BuildError.wrapping(BuildError.Reason.publish) { () throws(PublishError) in
            try publisher.plan(files: files, staticFolder: site.staticFolder)
        }
    }

    /// The report of the run: feeds ok, failures (sorted by URL), skipped feeds, entries on the
    /// page, redirects to apply, every feed's status, and the time since `start`.
    static func report(
        _ outcomes: [String: FeedOutcome], statuses: [FeedStatus], entries: Int,
        subscriptions: [Subscription], since start: ContinuousClock.Instant
    ) -> BuildReport {
        let elapsed = ContinuousClock.now - start
        let failures = outcomes.values.compactMap(\.failure).sorted { $0.url.absoluteString < $1.url.absoluteString }
        var report = BuildReport(
            feedsOK: outcomes.count - failures.count, failures: failures, entries: entries,
            duration: elapsed.inSeconds)
        report.skipped = subscriptions.count - outcomes.count
        for feed in statuses {
            if let target = feed.redirectTo { report.redirectsToApply[feed.subscriptionURL] = target }
        }
        report.feeds = statuses
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
        var places = [
            Publisher.Guarded("feeds.txt's folder", options.configURL.absoluteURL.deletingLastPathComponent()),
            Publisher.Guarded("the cache", options.resolvedCacheURL)
        ]
        if let templates = options.templatesURL { places.append(Publisher.Guarded("the templates", templates)) }
        return places
    }

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
}
