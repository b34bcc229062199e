import Foundation

/// Fetches feeds: `http(s)` with libcurl's multi interface (one engine thread per fetcher,
/// connections reused across feeds), `file:` by reading the file.
///
/// One feed's failure (no network, unknown host, refused, timeout, HTTP error, too large, too
/// many redirects, unreadable file) never throws: it is a ``FetchResult`` with a
/// ``FetchFailure`` naming the kind and the URL, and the other feeds go on.
public struct Fetcher: Sendable {
    /// Concurrency, limits and headers this fetcher uses.
    public let configuration: FetcherConfiguration
    /// The libcurl engine of this fetcher (its thread starts at the first http(s) fetch):
    /// connections are reused across feeds, and released when the last copy of the fetcher goes away.
    private let client: HTTPClient

    /// Creates a fetcher with `configuration` (the defaults unless given).
    public init(_ configuration: FetcherConfiguration = FetcherConfiguration()) {
        self.configuration = configuration
        self.client = HTTPClient(maxConcurrent: max(1, configuration.jobs))
    }

    /// Fetches every subscription, at most `configuration.jobs` at a time (the engine's limit), through
    /// the fetcher's engine.
    /// - Parameters:
    ///   - subscriptions: the feeds, in any order.
    ///   - validators: ETag / Last-Modified of copies fetched earlier, by subscription URL; a
    ///     feed found here is fetched conditionally (RFC 9110 §13.1) and may come back `.notModified`.
    /// - Returns: one result per subscription, in the order of `subscriptions`.
    public func fetchAll(_ subscriptions: [Subscription],
                         validators: [URL: FetchValidators] = [:]) async -> [FetchResult] {
        return await withTaskGroup(of: (Int, FetchResult).self) { group in
            var results = [FetchResult?](repeating: nil, count: subscriptions.count)
            var next = 0
            func startNext() {
                let index = next
                let subscription = subscriptions[index]
                group.addTask {
                    (index, await fetch(subscription, validators: validators[subscription.url]))
                }
                next += 1
            }
            // Twice as many fetches as run at once: the engine starts a waiting one as soon as one ends.
            while next < min(2 * max(1, configuration.jobs), subscriptions.count) { startNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < subscriptions.count { startNext() }
            }
            return results.compactMap { $0 }
        }
    }

    /// Fetches one subscription through the fetcher's engine (callers running their own task
    /// group share its connections).
    /// - Parameter validators: ETag / Last-Modified of the copy fetched earlier, if any.
    public func fetch(_ subscription: Subscription, validators: FetchValidators? = nil) async -> FetchResult {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await outcome(for: subscription.url, validators: validators)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return FetchResult(subscription: subscription, outcome: outcome, duration: seconds)
    }

    private func outcome(for url: URL, validators: FetchValidators?) async -> FetchResult.Outcome {
        switch url.scheme?.lowercased() {
        case "file":
            switch await FileLoader.load(url, maxBytes: configuration.maxBytes) {
            case .success(let document): return .fetched(document)
            case .failure(let failure): return .failed(failure)
            }
        case "http", "https":
            return await HTTPFetch(configuration: configuration, engine: client.engine, url: url,
                                   validators: validators).run()
        default:
            return .failed(FetchFailure(kind: .other, url: url,
                                        message: "'\(url.displayString)': not an http(s) or file URL"))
        }
    }
}
