import Foundation
import PlanetBase

/// How the ``Fetcher`` fetches: concurrency, limits and what it tells servers.
public struct FetcherConfiguration: Sendable {
    /// Feeds fetched at once (`--jobs`); values below 1 count as 1.
    public var jobs: Int
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

    /// Creates a configuration; defaults 8 jobs, 30 s timeout, 10 000 000-byte cap, 5 redirects,
    /// the standard address policy.
    public init(
        jobs: Int = 8, timeout: Double = 30, userAgent: String = PlanetVersion.userAgent(),
        maxBytes: Int = 10_000_000, maxRedirects: Int = 5, addressPolicy: AddressPolicy = .standard
    ) {
        self.jobs = jobs
        self.timeout = timeout
        self.userAgent = userAgent
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.addressPolicy = addressPolicy
    }

    /// The `Accept` header: feed types first, generic XML lower, anything last (RFC 9110 §12.5.1).
    public static let accept =
        "application/atom+xml, application/rss+xml, application/feed+json, application/xml;q=0.9, */*;q=0.8"
}
