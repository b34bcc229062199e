import FeedParser
import Foundation
import Mustache

/// Runs the pipeline once: feeds.txt → fetch (conditional, only feeds that are due) → parse →
/// cache → river from the cache → site and status report → atomic publish.
public enum PlanetBuild {
    /// Builds the site.
    ///
    /// The lock file is taken first (one build per feeds.txt at a time), then templates are
    /// compiled, so a template error costs no network. A feed that fails (fetch or parse) is
    /// recorded in the cache and reported in `BuildReport.failures`; its cached entries stay on
    /// the page (docs/ARCHITECTURE.md, rule 1: a failing feed never fails the build).
    /// - Throws: `BuildError.config` (feeds.txt), `.locked`, `.template`, `.cache`, `.write`; the
    ///   previous site is then left as it was.
    public static func run(_ options: BuildOptions) async throws(BuildError) -> BuildReport {
        let clock = ContinuousClock()
        let start = clock.now
        var phases = BuildPhases()
        var list = try loadList(options.configURL)
        phases.mark("feeds.txt")
        let lock = try await BuildLock.acquire(options.lockURL, wait: options.waitForLock)
        defer { withExtendedLifetime(lock) {} }
        let settings = list.settings
        phases.mark("lock")
        let site = try Site(options.templates)
        phases.mark("templates")
        let publisher = Publisher(outputURL: options.outputURL, guarding: guardedPlaces(options))
        try publisher.check()
        let pages = try SitePages.load(folder: SitePages.folder(forConfig: options.configURL))
        let now = options.now ?? Date()
        let configuration = siteConfiguration(settings)
        phases.mark("pages")
        let cache = try openCache(options.resolvedCacheURL)
        phases.mark("cache open")

        let run = BuildRun(options: options, cache: cache, now: now, settings: settings,
                           userAgent: PlanetVersion.userAgent(site: configuration.link),
                           fingerprint: fingerprint(of: list))
        // `subscriptions` is computed (each URL normalized to drop duplicates): read it once.
        let fetcher = Fetcher(run.fetcherConfiguration)
        let listed = list.subscriptions
        let readingLists = try await run.readingListFeeds(list.readingLists, listed: listed, fetcher: fetcher)
        var subscriptions = listed + readingLists.feeds
        phases.mark("reading lists")
        var fetched = try await run.fetchAndRecord(subscriptions, fetcher: fetcher)
        let outcomes = fetched.outcomes
        phases.mark("fetch + record")
        var applied: [String: String] = [:]
        if options.applyRedirects {
            applied = try await run.applyRedirects(&list)
            if !applied.isEmpty {
                subscriptions = list.subscriptions + readingLists.feeds
                // The moves changed the states' keys: read them again.
                let states = try await run.cacheCall { () throws(CacheError) in try await cache.allStates() }
                fetched.states = Dictionary(states.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
            }
        }
        let activity = ActivityRule(settings, now: now)
        var faces = Faces(configURL: options.configURL, settings: settings)
        faces.readFiles(for: subscriptions)

        // Nothing changed since the last build of this output (Benchmarks/PERF.md, "Session 6"):
        // the same inputs (`BuildFingerprint`), the same cache content, a time before any date that
        // changes the site, and the output folder as that build left it. Then the site is what it
        // is: no river, no render, nothing written.
        let target = try publisher.check()
        let record = try await run.cacheCall { () throws(CacheError) in try await cache.siteRecord(output: target.path) }
        let contentVersion = try await run.cacheCall { () throws(CacheError) in try await cache.contentVersion() }
        var fingerprint = BuildFingerprint()
        fingerprint.addPlanet()
        fingerprint.add("feeds.txt", text: list.serialized())
        fingerprint.add("output", text: target.path)
        fingerprint.addTemplates(options.templates)
        fingerprint.addPages(pages)
        for (path, data) in faces.files.sorted(by: { $0.key < $1.key }) { fingerprint.add("face " + path, data) }
        fingerprint.addSubscriptions(subscriptions, outcomes: outcomes)
        let inputs = fingerprint.value
        let sameInputs = record.map { record in
            record.fingerprint == inputs && record.contentVersion == contentVersion
                && record.validUntil.map { now < $0 } ?? true
        } ?? false
        if let record, sameInputs, OutputManifest.read(target) == record.manifest {
            let statuses = try await run.statuses(subscriptions, fetched: fetched, activity: activity)
            phases.mark("unchanged")
            var report = makeReport(outcomes: outcomes, subscriptions: subscriptions, statuses: statuses,
                                entries: record.entries, start: start, clock: clock)
            report.siteReused = true
            report.redirectsApplied = applied
            report.configWarnings = list.warnings + faces.warnings + readingLists.warnings
            report.phases = phases
            return report
        }
        phases.mark("unchanged check")

        let page = pageRules(settings, subscriptions: subscriptions)
        let limit = page.limit
        // The river needs only the newest heads: a page of 60 is chosen from the newest 400, not
        // from every entry the cache keeps (Benchmarks/PERF.md); when that prefix could differ from the
        // river over all heads (duplicates, future dates, an older copy of a post read, which
        // one indexed pass of the cache finds), more heads are read.
        // Each retry reads four times as many (many entries of one timestamp, e.g. a batch of
        // feeds changed at once, need a longer prefix), then all.
        var headLimit: Int? = max(4 * limit, limit + 200)
        var snapshot = try await run.snapshot(subscriptions, states: fetched.states, newest: headLimit)
        phases.mark("snapshot")
        let excluded = LeftOut(filtered: try await run.filteredOut(subscriptions), hidden: try await run.hiddenValues())
        phases.mark("filters, hidden")
        var assembled = assemble(subscriptions, snapshot: snapshot, outcomes: outcomes, now: now, page: page,
                                 activity: activity, faces: &faces, excluded: excluded)
        phases.mark("river")
        let urls = subscriptions.map(\.url.absoluteString)
        while let read = headLimit, try await !River.prefixSuffices(
            snapshot.entries.values.joined(), river: assembled.river, limit: limit, read: read,
            cutoff: page.cutoff(now: now),
            olderCopies: { () throws(BuildError) in
                let heads = Array(snapshot.entries.values.joined())
                guard let oldest = River.oldestSortDate(heads) else { return [] }
                return try await run.olderCopies(of: heads, feedURLs: urls, notAfter: oldest)
            }) {
            headLimit = read < 100_000 ? read * 4 : nil
            snapshot.entries = try await run.heads(subscriptions, newest: headLimit)
            assembled = assemble(subscriptions, snapshot: snapshot, outcomes: outcomes, now: now, page: page,
                                 activity: activity, faces: &faces, excluded: excluded)
        }
        phases.mark("prefix check")
        let (sidebar, statuses) = (assembled.sidebar, assembled.statuses)
        let river = try await run.loadWhole(assembled.river)
        phases.mark("whole entries")

        // The site is rendered as of the last change (`planet.updated_*`, status.json `generated`);
        // when that gives other bytes than the output holds, something changed now.
        var context = SiteContext(configuration: configuration, river: river,
                                  subscriptions: sidebar, now: now, pages: pages)
        context.updated = record?.changedAt ?? now
        var status = StatusReport(title: configuration.title, generated: context.updated ?? now, feeds: statuses)
        let root = site.rootValue(context, extra: [
            "feeds_status": status.mustacheValue,
            "has_redirects": .bool(status.feeds.contains { $0.redirectTo != nil }),
        ])
        func files(_ root: MustacheValue) throws(BuildError) -> [String: Data] {
            var files = try site.render(context, root: root)
            files["status.json"] = status.json()
            files.merge(faces.files) { rendered, _ in rendered }
            files.merge(site.staticFiles) { rendered, _ in rendered }
            return files
        }
        var plan = try publisher.plan(files: try files(root), staticFolder: site.staticFolder)
        var changedAt = context.updated ?? now
        // With the same inputs the site is the same: an output changed by hand is put back as it was.
        if !plan.changesNothing, changedAt != now, !sameInputs {
            changedAt = now
            status.generated = now
            // The first rendering goes before the second is made (10,000 feeds: 13 MB of files).
            let current = plan.current
            plan.planned = [:]
            plan = try publisher.plan(files: try files(context.value(root, updated: now)),
                                      staticFolder: site.staticFolder, current: current)
        }
        phases.mark("render")
        let published = try publisher.publish(plan)
        phases.mark("publish")
        let validUntil = SiteValidity.until(now: now, heads: Array(snapshot.entries.values.joined()),
                                            readAll: headLimit == nil, river: river, daysPerPage: settings.daysPerPage,
                                            statuses: statuses, newest: snapshot.newest,
                                            activityThreshold: settings.activityThreshold)
        // Best effort: without the record the next build renders again and writes nothing new.
        try? await cache.recordSite(SiteRecord(output: target.path, changedAt: changedAt, fingerprint: inputs,
                                               contentVersion: contentVersion, validUntil: validUntil,
                                               entries: river.count, manifest: OutputManifest.read(target)))
        phases.mark("site record")

        var report = makeReport(outcomes: outcomes, subscriptions: subscriptions, statuses: statuses,
                            entries: river.count, start: start, clock: clock)
        report.filesWritten = published.written
        report.redirectsApplied = applied
        report.configWarnings = list.warnings + faces.warnings + readingLists.warnings
        report.phases = phases
        return report
    }

    /// The report of a build: counts, failures, redirects and every feed's status.
    static func makeReport(outcomes: [String: FeedOutcome], subscriptions: [Subscription], statuses: [FeedStatus],
                       entries: Int, start: ContinuousClock.Instant, clock: ContinuousClock) -> BuildReport {
        let elapsed = clock.now - start
        let failures = outcomes.values.compactMap(\.failure).sorted { $0.url.absoluteString < $1.url.absoluteString }
        var report = BuildReport(feedsOK: outcomes.count - failures.count, failures: failures, entries: entries,
                                 duration: Double(elapsed.components.seconds)
                                    + Double(elapsed.components.attoseconds) / 1e18)
        report.skipped = subscriptions.count - outcomes.count
        for feed in statuses { if let target = feed.redirectTo { report.redirectsToApply[feed.subscriptionURL] = target } }
        report.feeds = statuses
        return report
    }

    /// The river (of heads), sidebar and status of every subscription from a cache snapshot and
    /// this run's outcomes, without the entries `excluded` leaves out (filters, hidden entries).
    static func assemble(_ subscriptions: [Subscription], snapshot: BuildRun.Snapshot,
                         outcomes: [String: FeedOutcome], now: Date, page: RiverPage, activity: ActivityRule,
                         faces: inout Faces, excluded: LeftOut = LeftOut())
        -> (river: [RiverEntry], sidebar: [SiteSubscription], statuses: [FeedStatus]) {
        var candidates: [RiverCandidate] = []
        var sidebar: [SiteSubscription] = []
        var statuses: [FeedStatus] = []
        for subscription in subscriptions {
            let key = subscription.url.absoluteString
            let outcome = outcomes[key]
            let state = snapshot.states[key]
            var source = FeedSource.make(subscription, feed: outcome?.feed, state: state)
            source.face = faces.face(for: subscription, image: outcome?.feed.map { $0.logo ?? $0.icon ?? $0.author?.avatar } ?? state?.image)
            let status = BuildRun.status(subscription, source: source, outcome: outcome, state: state,
                                         kept: snapshot.counts[key] ?? 0, newest: snapshot.newest[key], activity: activity)
            statuses.append(status)
            var item = SiteSubscription(name: source.name, feedURL: source.publicFeedURL,
                                        siteLink: source.siteLink, failure: status.lastError)
            item.custom = source.custom
            item.inactive = status.inactive
            item.face = source.face
            sidebar.append(item)
            for cached in snapshot.entries[key] ?? [] where !excluded.contains(cached, feedURL: key) {
                var candidate = RiverCandidate(entry: cached.entry, source: source, firstSeen: cached.firstSeen,
                                               backlog: cached.backlog)
                candidate.position = cached.position
                candidates.append(candidate)
            }
        }
        return (River.build(candidates, now: now, page: page), sidebar, statuses)
    }

    static func loadList(_ url: URL) throws(BuildError) -> FeedList {
        do {
            return try FeedList.load(url)
        } catch {
            throw BuildError(.config(error.description))
        }
    }

    static func openCache(_ url: URL) throws(BuildError) -> FeedCache {
        do {
            return try FeedCache(path: url.path)
        } catch {
            throw BuildError(.cache(error.description))
        }
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

    /// The site-wide facts from feeds.txt's settings, with defaults for what is missing.
    static func siteConfiguration(_ settings: FeedList.Settings) -> SiteConfiguration {
        SiteConfiguration(title: settings.title ?? "Planet",
                          link: settings.link?.absoluteString ?? "http://localhost/",
                          description: settings.siteDescription ?? "",
                          ownerName: settings.ownerName, ownerEmail: settings.ownerEmail,
                          timeZone: settings.timezone, language: settings.language ?? "en",
                          itemTitle: settings.itemTitle.flatMap(SiteConfiguration.ItemTitle.init(rawValue:))
                            ?? .nameAndTitle)
    }
}
