import Foundation

extension Fetcher {
    /// This fetcher with limits of its own for the fetches made through it, on the same engine:
    /// one engine thread, one pool of connections and the same `jobs` and `perHost` for the
    /// build's feeds and the fetches that need another size cap or the private-address rule from
    /// the first request (the faces copied into the site, `BuildRun.copyFaces`; the reading lists,
    /// `ReadingListLimits.fetcher`). Every other setting is this fetcher's.
    /// - Parameters:
    ///   - maxBytes: the largest body accepted, bytes (``FetcherConfiguration/maxBytes``).
    ///   - refusesPrivateFromStart: ``FetcherConfiguration/refusesPrivateFromStart``; nil: this
    ///     fetcher's.
    package func withLimits(maxBytes: Int, refusesPrivateFromStart: Bool? = nil) -> Fetcher {
        var limited = configuration
        limited.maxBytes = maxBytes
        if let refusesPrivateFromStart { limited.refusesPrivateFromStart = refusesPrivateFromStart }
        return Fetcher(limited, client: client)
    }

    /// True when `other` runs its fetches on this fetcher's engine (a copy, or made by
    /// ``withLimits(maxBytes:refusesPrivateFromStart:)``).
    package func sharesEngine(with other: Fetcher) -> Bool { client === other.client }
}
