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
        let outcomes = try await run.fetchAndRecord(subscriptions, fetcher: fetcher)
        phases.mark("fetch + record")
        var applied: [String: String] = [:]
        if options.applyRedirects {
            applied = try await run.applyRedirects(&list)
            if !applied.isEmpty { subscriptions = list.subscriptions + readingLists.feeds }
        }
        let page = pageRules(settings, subscriptions: subscriptions)
        let limit = page.limit
        // The river needs only the newest heads: a page of 60 is chosen from the newest 400, not
        // from every entry the cache keeps (Benchmarks/PERF.md); when that prefix could differ from the
        // river over all heads (duplicates, future dates, an older copy of a post read, which
        // one indexed pass of the cache finds), more heads are read.
        // Each retry reads four times as many (many entries of one timestamp, e.g. a batch of
        // feeds changed at once, need a longer prefix), then all.
        var headLimit: Int? = max(4 * limit, limit + 200)
        var snapshot = try await run.snapshot(subscriptions, newest: headLimit)
        phases.mark("snapshot")
        let activity = ActivityRule(settings, now: now)
        var faces = Faces(configURL: options.configURL, settings: settings)
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
        let context = SiteContext(configuration: configuration, river: river,
                                  subscriptions: sidebar, now: now, pages: pages)
        let status = StatusReport(title: configuration.title, generated: now, feeds: statuses)
        var files = try site.render(context, extra: [
            "feeds_status": status.mustacheValue,
            "has_redirects": .bool(status.feeds.contains { $0.redirectTo != nil }),
        ])
        phases.mark("render")
        files["status.json"] = status.json()
        phases.mark("status.json")
        files.merge(faces.files) { rendered, _ in rendered }
        files.merge(site.staticFiles) { rendered, _ in rendered }
        try publisher.publish(files: files, staticFolder: site.staticFolder)
        phases.mark("publish")

        let elapsed = clock.now - start
        let failures = outcomes.values.compactMap(\.failure).sorted { $0.url.absoluteString < $1.url.absoluteString }
        var report = BuildReport(feedsOK: outcomes.count - failures.count, failures: failures,
                                 entries: river.count,
                                 duration: Double(elapsed.components.seconds)
                                    + Double(elapsed.components.attoseconds) / 1e18)
        report.skipped = subscriptions.count - outcomes.count
        report.redirectsApplied = applied
        for feed in statuses { if let target = feed.redirectTo { report.redirectsToApply[feed.subscriptionURL] = target } }
        report.feeds = statuses
        report.configWarnings = list.warnings + faces.warnings + readingLists.warnings
        report.phases = phases
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
            var status = BuildRun.status(subscription, source: source, outcome: outcome, state: state,
                                         kept: snapshot.counts[key] ?? 0)
            status.inactive = activity.isInactive(status, newest: snapshot.newest[key])
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
