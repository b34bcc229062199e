import Foundation
import PlanetBase
import PlanetSubscriptions

/// Fetches feeds: `http(s)` with libcurl's multi interface (one engine thread per fetcher,
/// connections reused across feeds), `file:` by reading the file.
///
/// One feed's failure (no network, unknown host, refused, timeout, HTTP error, too large, too
/// many redirects, unreadable file) never throws: it is a ``FetchResult`` with a
/// ``FetchFailure`` naming the kind and the URL, and the other feeds go on.
package struct Fetcher: Sendable {
    /// Concurrency, limits and headers this fetcher uses.
    package let configuration: FetcherConfiguration
    /// The libcurl engine of this fetcher (its thread starts at the first http(s) fetch):
    /// connections are reused across feeds, and released when the last copy of the fetcher goes away.
    let client: HTTPClient

    /// Creates a fetcher with `configuration` (the defaults unless given).
    package init(_ configuration: FetcherConfiguration = FetcherConfiguration()) {
        self.configuration = configuration
        self.client = HTTPClient(maxConcurrent: max(1, configuration.jobs), perHost: configuration.perHost)
    }

    /// A fetcher with `configuration` on the engine `client` (``withLimits(maxBytes:refusesPrivateFromStart:)``).
    init(_ configuration: FetcherConfiguration, client: HTTPClient) {
        self.configuration = configuration
        self.client = client
    }

    /// Fetches every subscription, at most `configuration.jobs` http(s) transfers at a time (the
    /// engine's limit; twice as many fetches are under way, so that the engine starts a waiting
    /// one as soon as one ends, and file reads go up to that many at once), started in the order
    /// given, and hands each result, made into `Output` by `transform`, to `deliver` as it
    /// arrives. The build fetches this way, parsing in `transform` and recording in `deliver`.
    ///
    /// The http(s) fetches of the call run as one batch in the engine: the calling task drives
    /// every fetch's steps (`HTTPFetch`) as the engine hands over the responses that ended,
    /// several at a time, and the engine's thread wakes it once for them (Benchmarks/PERF.md, a
    /// child task and a continuation per feed were most of a warm build's overhead). A fetched
    /// document is transformed in a child task of its own (parsing runs on every core); any
    /// other result (a 304, a failure) on the calling task.
    /// - Parameters:
    ///   - subscriptions: the feeds, in the order they are started.
    ///   - validators: ETag / Last-Modified of copies fetched earlier, by subscription URL; a
    ///     feed found here is fetched conditionally (RFC 9110 §13.1) and may come back `.notModified`.
    ///   - slack: how long the other transfers may wait while each subscription's runs, without
    ///     lengthening the call (``FetchSlack``): the engine lets its wake-ups gather that much longer.
    ///   - transform: what is made of a result before it is delivered.
    ///   - deliver: called on the caller's task, one result at a time, with the subscription's
    ///     index in `subscriptions`; the next fetches start before it is called. When it throws,
    ///     the fetches still running are cancelled, none is started, and the error is rethrown
    ///     once they have ended.
    /// - Throws: what `deliver` throws.
    package func fetchAll<Output: Sendable, Failure: Error>(
        _ subscriptions: [Subscription], validators: [URL: FetchValidators] = [:], slack: FetchSlack = .none,
        transform: @escaping @Sendable (FetchResult) -> Output,
        deliver: (_ index: Int, _ output: Output) async throws(Failure) -> Void
    ) async throws(Failure) {
        let engine = client.engine
        let batch = engine.newBatch()
        let ended = await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group -> Failure? in
                var window = FetchWindow<Output, Failure>(
                    fetcher: self, subscriptions: subscriptions, validators: validators, batch: batch,
                    slack: slack, transform: transform)
                window.startMore(in: &group)
                while window.underWay > 0 {
                    await window.takeArrivals(in: &group)
                    await window.deliverReady(in: &group, to: deliver)
                }
                return window.failure
            }
        } onCancel: {
            engine.cancel(batch: batch)
        }
        if let ended { throw ended }
    }

    /// Fetches every subscription as `fetchAll(_:validators:transform:deliver:)` does.
    /// - Returns: one result per subscription, in the order of `subscriptions`.
    package func fetchAll(
        _ subscriptions: [Subscription],
        validators: [URL: FetchValidators] = [:]
    ) async -> [FetchResult] {
        var results = [FetchResult?](repeating: nil, count: subscriptions.count)
        await fetchAll(subscriptions, validators: validators) {
            $0
        } deliver: { (index, result) async in
            results[index] = result
        }
        return results.compactMap { $0 }
    }

    /// Fetches one subscription through the fetcher's engine (callers running their own task
    /// group share its connections).
    /// - Parameter validators: ETag / Last-Modified of the copy fetched earlier, if any.
    package func fetch(_ subscription: Subscription, validators: FetchValidators? = nil) async -> FetchResult {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await outcome(for: subscription.url, validators: validators, listedBy: subscription.listedBy)
        let elapsed = clock.now - start
        return FetchResult(subscription: subscription, outcome: outcome, duration: elapsed.inSeconds)
    }

    private func outcome(for url: URL, validators: FetchValidators?, listedBy: URL?) async -> FetchResult.Outcome {
        if url.hasHTTPScheme {
            return await HTTPFetch(
                configuration: configuration, url: url, validators: validators, listedBy: listedBy
            ).run(client.engine)
        }
        guard url.scheme?.lowercased() == "file" else {
            return .failed(
                FetchFailure(
                    kind: .other, url: url,
                    message: "'\(url.displayString)': not an http(s) or file URL"))
        }
        switch await FileLoader.load(url, maxBytes: configuration.maxBytes) {
        case .success(let document): return .fetched(document)
        case .failure(let failure): return .failed(failure)
        }
    }
}
