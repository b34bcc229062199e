import Foundation
import PlanetBase

/// How the ``Fetcher`` fetches: concurrency, limits and what it tells servers.
public struct FetcherConfiguration: Sendable {
    /// Feeds fetched at once (`--jobs`), every host together; values below 1 count as 1. The
    /// default is many (64): a transfer costs a socket and a few KB, and on the real web a
    /// feed's time is the upstream's (issue 30's latency model: 8 lanes took 2.7× as long as 64).
    public var jobs: Int
    /// Feeds fetched at once from one host (`scheme://host[:port]`), the politeness cap
    /// (`--per-host`, the `per_host` setting); values below 1 count as 1. Over HTTP/1.1 it is the
    /// most connections open to one host (libcurl's `CURLMOPT_MAX_HOST_CONNECTIONS` is set to it).
    public var perHost: Int
    /// Per-feed time limit, seconds, from the start of the first request to the last body byte
    /// of the last one, redirects included (`--timeout`).
    public var timeout: Double
    /// The `User-Agent` header (RFC 9110 §10.1.5): `PlanetVersion.userAgent(site:)`,
    /// `planet/VERSION (+https://planet.example.org/)`.
    public var userAgent: String
    /// Largest accepted body, bytes, after content decoding; a larger feed fails as `tooLarge`.
    public var maxBytes: Int
    /// Redirects followed per feed (RFC 9110 §15.4); one more fails as `tooManyRedirects`.
    public var maxRedirects: Int
    /// Which addresses a redirect from a public address may not lead to (``AddressPolicy/standard``
    /// unless a test injects its own).
    public var addressPolicy: AddressPolicy
    /// A PEM file of the certificates trusted for https instead of the system's bundle (the CLI
    /// passes `SSL_CERT_FILE`, OpenSSL's variable); nil: the system's bundle. Verification is as
    /// strict either way (peer and host name checked).
    public var trustStore: String?
    /// Which proxy each request goes through (`http_proxy`, `https_proxy`, `all_proxy`,
    /// `no_proxy`, as libcurl reads them; ``ProxySettings``). A request through a proxy is judged
    /// by the private-address rule by the host its URL names.
    public var proxies: ProxySettings
    /// How the private-address rule resolves the host name of a request through a proxy
    /// (``HostResolver/system`` unless a test injects its own).
    public var resolver: HostResolver
    /// Apply the private-address rule from the first request on, not only after a redirect from
    /// a public address: for URLs a feed gave (the faces planet fetches into the site), which a
    /// feed's author chose as freely as a redirect's target. Default false.
    public var refusesPrivateFromStart = false
    /// Refuse every request but those to loopback IP literals, before any lookup (``LoopbackGuard``,
    /// which records each refusal); nil (the default): any address, under the rules above.
    public var loopbackOnly: LoopbackGuard?

    /// Creates a configuration; defaults 64 jobs, 4 per host, 30 s timeout, 10 000 000-byte cap,
    /// 5 redirects, the standard address policy, the system's trust store, the proxies of the
    /// process environment, the system's resolver.
    public init(
        jobs: Int = FetcherConfiguration.defaultJobs, perHost: Int = FetcherConfiguration.defaultPerHost,
        timeout: Double = 30, userAgent: String = PlanetVersion.userAgent(),
        maxBytes: Int = 10_000_000, maxRedirects: Int = 5, addressPolicy: AddressPolicy = .standard,
        trustStore: String? = nil, proxies: ProxySettings = .environment, resolver: HostResolver = .system
    ) {
        self.trustStore = trustStore
        self.proxies = proxies
        self.resolver = resolver
        self.jobs = jobs
        self.perHost = perHost
        self.timeout = timeout
        self.userAgent = userAgent
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.addressPolicy = addressPolicy
    }

    /// Feeds fetched at once unless told otherwise (`--jobs`).
    public static let defaultJobs = 64
    /// Feeds fetched at once from one host unless told otherwise (`--per-host`, `per_host`): as
    /// many as a browser opens to one host would be impolite for a robot; 4 keeps a blog farm of
    /// 100 feeds within the time of the slowest feed (Benchmarks/PERF.md, session 11).
    public static let defaultPerHost = 4

    /// The `Accept` header: feed types first, generic XML lower, anything last (RFC 9110 §12.5.1).
    public static let accept =
        "application/atom+xml, application/rss+xml, application/feed+json, application/xml;q=0.9, */*;q=0.8"
}
