import FeedParser
import Foundation

/// Runs the pipeline once: feeds.txt → fetch → parse → river → site → atomic publish.
public enum PlanetBuild {
    /// Builds the site.
    ///
    /// Templates are compiled before any feed is fetched, so a template error costs no network.
    /// A feed that fails (fetch or parse) is reported in `BuildReport.failures` and the build goes
    /// on with the others (DESIGN.md: a failing feed never fails the build).
    /// - Throws: `BuildError.config` (feeds.txt), `.template`, `.write`; the previous site is then
    ///   left as it was.
    public static func run(_ options: BuildOptions) async throws(BuildError) -> BuildReport {
        let clock = ContinuousClock()
        let start = clock.now
        let list: FeedList
        do {
            list = try FeedList.load(options.configURL)
        } catch {
            throw BuildError(.config(error.description))
        }
        let settings = list.settings
        let site = try Site(templatesURL: options.templatesURL)
        let now = options.now ?? Date()
        let configuration = siteConfiguration(settings)

        var fetcherConfiguration = FetcherConfiguration()
        fetcherConfiguration.jobs = max(1, options.jobs)
        fetcherConfiguration.timeout = options.timeout
        fetcherConfiguration.userAgent = "planet/\(PlanetVersion.string) (+\(configuration.link))"
        fetcherConfiguration.protocolClasses = options.protocolClasses
        if let maxBytes = settings.maxBytes { fetcherConfiguration.maxBytes = maxBytes }
        let results = await Fetcher(fetcherConfiguration).fetchAll(list.subscriptions)
        let outcomes = await FeedOutcome.parseAll(results)

        var candidates: [RiverCandidate] = []
        var sidebar: [SiteSubscription] = []
        var failures: [FetchFailure] = []
        for outcome in outcomes {
            let source = outcome.source
            if let failure = outcome.failure { failures.append(failure) }
            sidebar.append(SiteSubscription(name: source.name, feedURL: source.publicFeedURL,
                                            siteLink: source.siteLink, failure: outcome.failure?.message))
            for entry in outcome.feed?.entries ?? [] {
                candidates.append(RiverCandidate(entry: entry, source: source, firstSeen: now))
            }
        }
        let river = River.build(candidates, now: now, limit: settings.itemsPerPage)
        let context = SiteContext(configuration: configuration, river: river,
                                  subscriptions: sidebar, now: now)
        let files = try site.render(context)
        try Publisher(outputURL: options.outputURL).publish(files: files, staticFolder: site.staticFolder)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return BuildReport(feedsOK: outcomes.count - failures.count, failures: failures,
                           entries: river.count, duration: seconds)
    }

    /// The site-wide facts from feeds.txt's settings, with defaults for what is missing.
    static func siteConfiguration(_ settings: FeedList.Settings) -> SiteConfiguration {
        SiteConfiguration(title: settings.title ?? "Planet",
                          link: settings.link?.absoluteString ?? "http://localhost/",
                          description: settings.siteDescription ?? "",
                          ownerName: settings.ownerName, ownerEmail: settings.ownerEmail,
                          timeZone: settings.timezone, language: settings.language ?? "en")
    }
}
