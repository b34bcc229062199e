import Foundation
import PlanetFetcher
import PlanetSite

/// What `planet build` was asked to do. Paths are absolute file URLs (the CLI resolves them).
public struct BuildOptions: Sendable, Equatable {
    /// Equal when every option is; `progress`, `addressPolicy`, `resolver` (closures) and
    /// `loopbackOnly` are ignored.
    public static func == (a: BuildOptions, b: BuildOptions) -> Bool {
        a.configURL == b.configURL && a.outputURL == b.outputURL && a.templates == b.templates
            && a.now == b.now && a.jobs == b.jobs && a.perHost == b.perHost && a.trustStore == b.trustStore
            && a.timeout == b.timeout && a.cacheURL == b.cacheURL && a.proxies == b.proxies
            && a.offline == b.offline && a.force == b.force && a.applyRedirects == b.applyRedirects
            && a.waitForLock == b.waitForLock
    }

    /// The subscription list, feeds.txt.
    public var configURL: URL
    /// Folder the site is written to (default: `output/` beside feeds.txt). It is replaced whole
    /// on every build, so it must be empty, missing or a site planet wrote (see `Publisher`).
    public var outputURL: URL
    /// The Mustache templates (default: the folder `templates/` beside feeds.txt, else the
    /// built-in ones).
    public var templates: TemplateSource
    /// The build time; nil means the clock (`--now`, `SOURCE_DATE_EPOCH` make output reproducible).
    public var now: Date?
    /// Feeds fetched at once (`--jobs`, default `FetcherConfiguration.defaultJobs`, 64).
    public var jobs: Int
    /// Feeds fetched at once from one host (`--per-host`); nil: feeds.txt's `per_host`, else
    /// `FetcherConfiguration.defaultPerHost` (4).
    public var perHost: Int?
    /// Per-feed timeout, seconds (`--timeout`, default 30).
    public var timeout: Double
    /// The SQLite cache file (`--cache`); nil means `.planet/cache.sqlite` beside feeds.txt.
    public var cacheURL: URL?
    /// Render from the cache only, without any network or file fetch (`--offline`).
    public var offline: Bool = false
    /// Fetch every feed, also those whose server's hints or `poll_interval` say they are not due
    /// yet (`--force`); `Retry-After` and 410 Gone still hold.
    public var force: Bool = false
    /// Rewrite feeds.txt (and move the cache's records) for feeds that moved for good with a
    /// 301/308 (`--apply-redirects`).
    public var applyRedirects: Bool = false
    /// Wait for a concurrent build to finish instead of stopping (`--wait`).
    public var waitForLock: Bool = false
    /// Called after each feed is done (fetched, parsed and recorded), from any task: the CLI's
    /// progress line and `--verbose` lines. nil: no calls.
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// Which addresses a redirect from a public address may not lead to (see
    /// `FetcherConfiguration.addressPolicy`); `.standard` except in tests.
    public var addressPolicy: AddressPolicy = .standard
    /// A PEM file of the certificates trusted for https instead of the system's bundle
    /// (`SSL_CERT_FILE`; `FetcherConfiguration.trustStore`); nil: the system's.
    public var trustStore: String?
    /// Which proxy each request goes through (the CLI reads `http_proxy`, `https_proxy`,
    /// `all_proxy` and `no_proxy` from its environment; `FetcherConfiguration.proxies`).
    public var proxies: ProxySettings = .environment
    /// How the private-address rule resolves the name of a request through a proxy
    /// (`FetcherConfiguration.resolver`); `.system` except in tests.
    public var resolver: HostResolver = .system
    /// Keep every fetch of the build on loopback (`FetcherConfiguration.loopbackOnly`): set by the
    /// test suite's builds, and by the CLI under `PLANET_LOOPBACK_ONLY=1` (`scripts/check-site.sh`);
    /// nil (the default): any address.
    public var loopbackOnly: LoopbackGuard?

    /// Creates options with the given fields; defaults 64 jobs, 30 s timeout, the clock and the default cache.
    public init(
        configURL: URL, outputURL: URL, templates: TemplateSource, now: Date? = nil,
        jobs: Int = FetcherConfiguration.defaultJobs, timeout: Double = 30, cacheURL: URL? = nil
    ) {
        self.configURL = configURL
        self.outputURL = outputURL
        self.templates = templates
        self.now = now
        self.jobs = jobs
        self.timeout = timeout
        self.cacheURL = cacheURL
    }

    /// Options with the templates folder `templatesURL`.
    public init(
        configURL: URL, outputURL: URL, templatesURL: URL, now: Date? = nil,
        jobs: Int = FetcherConfiguration.defaultJobs, timeout: Double = 30, cacheURL: URL? = nil
    ) {
        self.init(
            configURL: configURL, outputURL: outputURL, templates: .folder(templatesURL), now: now,
            jobs: jobs, timeout: timeout, cacheURL: cacheURL)
    }

    /// The templates folder, nil for built-in templates.
    public var templatesURL: URL? {
        if case .folder(let url) = templates { return url }
        return nil
    }

    /// `.planet/` beside feeds.txt: the default home of the cache and the lock file.
    public var stateFolder: URL {
        configURL.absoluteURL.deletingLastPathComponent().appendingPathComponent(".planet", isDirectory: true)
    }

    /// The cache file actually used: `cacheURL`, else `.planet/cache.sqlite` beside feeds.txt.
    public var resolvedCacheURL: URL {
        cacheURL ?? stateFolder.appendingPathComponent("cache.sqlite")
    }

    /// The lock file, `lock` in the cache's folder: `.planet/lock` beside feeds.txt by default.
    /// It guards the cache (and the output built from it): one build per cache at a time.
    public var lockURL: URL {
        resolvedCacheURL.deletingLastPathComponent().appendingPathComponent("lock")
    }
}

/// One feed finished during a build, for progress display.
public struct BuildProgress: Sendable, Equatable {
    /// Feeds done so far, including this one.
    public var done: Int
    /// Feeds fetched this run.
    public var total: Int
    /// Failures so far, including this one.
    public var failed: Int
    /// The feed just finished and what came of it.
    public var feed: FeedStatus
    /// This run's failure of the feed, if any; its message names the feed's URL or file path
    /// (unlike `feed.lastError`, which is fit for publishing).
    public var failure: FetchFailure?
}
