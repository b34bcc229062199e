import Foundation
import PlanetBase
import PlanetSubscriptions

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
    ///   - transform: what is made of a result before it is delivered.
    ///   - deliver: called on the caller's task, one result at a time, with the subscription's
    ///     index in `subscriptions`; the next fetches start before it is called. When it throws,
    ///     the fetches still running are cancelled, none is started, and the error is rethrown
    ///     once they have ended.
    /// - Throws: what `deliver` throws.
    public func fetchAll<Output: Sendable, Failure: Error>(
        _ subscriptions: [Subscription], validators: [URL: FetchValidators] = [:],
        transform: @escaping @Sendable (FetchResult) -> Output,
        deliver: (_ index: Int, _ output: Output) async throws(Failure) -> Void
    ) async throws(Failure) {
        let width = 2 * max(1, configuration.jobs)
        let engine = client.engine
        let batch = engine.newBatch()
        let mailbox = FetchMailbox()
        let made = FetchMailbox.Outputs<Output>()
        let clock = ContinuousClock()
        let ended = await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group -> Failure? in
                var next = 0
                // Fetches started and not yet delivered (in the engine, in a task, or ready).
                var underWay = 0
                // The http(s) fetches in the engine, by subscription index, and when each started.
                var inEngine = [HTTPFetch?](repeating: nil, count: subscriptions.count)
                var started = [ContinuousClock.Instant](repeating: clock.now, count: subscriptions.count)
                var requests: [(token: Int, request: HTTPRequest)] = []
                var ready: [(index: Int, output: Output)] = []
                var failure: Failure?

                func finished(_ index: Int, _ outcome: FetchResult.Outcome) {
                    inEngine[index] = nil
                    let elapsed = clock.now - started[index]
                    let result = FetchResult(
                        subscription: subscriptions[index], outcome: outcome,
                        duration: elapsed.inSeconds)
                    if case .fetched = outcome {
                        group.addTask {
                            made.put(index, transform(result))
                            mailbox.outputReady()
                        }
                    } else {
                        ready.append((index, transform(result)))
                    }
                }
                func advance(_ index: Int, to step: HTTPFetch.Step) {
                    switch step {
                    case .transfer(let request): requests.append((index, request))
                    case .done(let outcome): finished(index, outcome)
                    }
                }
                func startMore() {
                    while failure == nil, underWay < width, next < subscriptions.count {
                        let index = next
                        let subscription = subscriptions[index]
                        let known = validators[subscription.url]
                        next += 1
                        underWay += 1
                        if subscription.url.hasHTTPScheme {
                            started[index] = clock.now
                            inEngine[index] = HTTPFetch(
                                configuration: configuration, url: subscription.url, validators: known)
                            if let step = inEngine[index]?.start() { advance(index, to: step) }
                        } else {
                            group.addTask {
                                made.put(index, transform(await self.fetch(subscription, validators: known)))
                                mailbox.outputReady()
                            }
                        }
                    }
                }
                func submit() {
                    if failure == nil {
                        engine.submit(requests, batch: batch, to: mailbox)
                    } else {
                        // Not sent after a failure: those fetches end here, undelivered.
                        for (index, _) in requests where inEngine[index] != nil {
                            inEngine[index] = nil
                            underWay -= 1
                        }
                    }
                    requests = []
                }

                startMore()
                submit()
                while underWay > 0 {
                    if ready.isEmpty {
                        let arrived = await mailbox.take()
                        for (index, response) in arrived.responses {
                            guard let step = inEngine[index]?.next(after: response) else { continue }
                            advance(index, to: step)
                        }
                        if arrived.outputs > 0 { ready += made.takeAll() }
                    }
                    let outputs = ready
                    ready = []
                    underWay -= outputs.count
                    // The next fetches start before these results are delivered.
                    startMore()
                    submit()
                    for (index, output) in outputs where failure == nil {
                        do throws(Failure) {
                            try await deliver(index, output)
                        } catch {
                            failure = error
                            engine.cancel(batch: batch)
                            group.cancelAll()
                        }
                    }
                }
                return failure
            }
        } onCancel: {
            engine.cancel(batch: batch)
        }
        if let ended { throw ended }
    }

    /// Fetches every subscription as `fetchAll(_:validators:transform:deliver:)` does.
    /// - Returns: one result per subscription, in the order of `subscriptions`.
    public func fetchAll(
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
    public func fetch(_ subscription: Subscription, validators: FetchValidators? = nil) async -> FetchResult {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await outcome(for: subscription.url, validators: validators)
        let elapsed = clock.now - start
        return FetchResult(subscription: subscription, outcome: outcome, duration: elapsed.inSeconds)
    }

    private func outcome(for url: URL, validators: FetchValidators?) async -> FetchResult.Outcome {
        if url.hasHTTPScheme {
            return await HTTPFetch(configuration: configuration, url: url, validators: validators).run(client.engine)
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
