import Foundation
import PlanetSubscriptions

/// The state of `Fetcher.fetchAll`'s loop, one method per event: fetches are started in order
/// while fewer than `width` are under way (``startMore(in:)``), the engine's responses and the
/// child tasks' outputs arrive together (``takeArrivals()``), and the results ready are delivered
/// one at a time on the calling task, the next fetches started first (``deliverReady(in:to:)``).
///
/// Not `Lanes` (PlanetBase): the http(s) fetches are not tasks but ``HTTPFetch`` state machines
/// driven here as the engine hands over their responses, several at a time (Benchmarks/PERF.md:
/// a child task and a continuation per feed were most of a warm build's overhead); only fetched
/// documents (transformed in child tasks, parsing on every core) and file reads are tasks.
struct FetchWindow<Output: Sendable, Failure: Error> {
    /// Twice the engine's places: a waiting fetch starts as soon as one ends, without a round
    /// trip through this task.
    let width: Int
    let fetcher: Fetcher
    let subscriptions: [Subscription]
    let validators: [URL: FetchValidators]
    let transform: @Sendable (FetchResult) -> Output
    let batch: Int
    let mailbox = FetchMailbox()
    let made = FetchMailbox.Outputs<Output>()
    let clock = ContinuousClock()

    /// The next subscription to start.
    private var next = 0
    /// Fetches started and not yet delivered (in the engine, in a task, or ready).
    private(set) var underWay = 0
    /// The http(s) fetches in the engine, by subscription index, and when each started.
    private var inEngine: [HTTPFetch?]
    private var started: [ContinuousClock.Instant]
    /// Requests made since the last ``submit()``.
    private var requests: [(token: Int, request: HTTPRequest)] = []
    private var ready: [(index: Int, output: Output)] = []
    /// What `deliver` threw: no fetch is started after it.
    private(set) var failure: Failure?

    init(
        fetcher: Fetcher, subscriptions: [Subscription], validators: [URL: FetchValidators], batch: Int,
        transform: @escaping @Sendable (FetchResult) -> Output
    ) {
        width = 2 * max(1, fetcher.configuration.jobs)
        self.fetcher = fetcher
        self.subscriptions = subscriptions
        self.validators = validators
        self.batch = batch
        self.transform = transform
        inEngine = [HTTPFetch?](repeating: nil, count: subscriptions.count)
        started = [ContinuousClock.Instant](repeating: clock.now, count: subscriptions.count)
    }

    /// Starts fetches in order while fewer than `width` are under way, then hands the engine the
    /// requests they made.
    mutating func startMore(in group: inout TaskGroup<Void>) {
        while failure == nil, underWay < width, next < subscriptions.count {
            let index = next
            let subscription = subscriptions[index]
            let known = validators[subscription.url]
            next += 1
            underWay += 1
            if subscription.url.hasHTTPScheme {
                started[index] = clock.now
                var fetch = HTTPFetch(configuration: fetcher.configuration, url: subscription.url, validators: known)
                let step = fetch.start()
                inEngine[index] = fetch
                advance(index, to: step, in: &group)
            } else {
                let (fetcher, transform, made, mailbox) = (fetcher, transform, made, mailbox)
                group.addTask {
                    made.put(index, transform(await fetcher.fetch(subscription, validators: known)))
                    mailbox.outputReady()
                }
            }
        }
        submit()
    }

    /// Waits, when no result is ready, for the engine's responses and the child tasks' outputs,
    /// and moves each fetch a response is for to its next step.
    mutating func takeArrivals(in group: inout TaskGroup<Void>) async {
        guard ready.isEmpty else { return }
        let arrived = await mailbox.take()
        for (index, response) in arrived.responses {
            guard let step = inEngine[index]?.next(after: response) else { continue }
            advance(index, to: step, in: &group)
        }
        if arrived.outputs > 0 { ready += made.takeAll() }
    }

    /// Delivers the results ready, in the order they became ready, after starting the next
    /// fetches; the first error `deliver` throws cancels the batch and ends delivery.
    mutating func deliverReady(
        in group: inout TaskGroup<Void>,
        to deliver: (_ index: Int, _ output: Output) async throws(Failure) -> Void
    ) async {
        let outputs = ready
        ready = []
        underWay -= outputs.count
        // The next fetches start before these results are delivered.
        startMore(in: &group)
        for (index, output) in outputs where failure == nil {
            do throws(Failure) {
                try await deliver(index, output)
            } catch {
                failure = error
                fetcher.client.engine.cancel(batch: batch)
                group.cancelAll()
            }
        }
    }

    /// Moves fetch `index` to `step`: a request queued for the engine, or a result.
    private mutating func advance(_ index: Int, to step: HTTPFetch.Step, in group: inout TaskGroup<Void>) {
        switch step {
        case .transfer(let request): requests.append((index, request))
        case .done(let outcome): finished(index, outcome, in: &group)
        }
    }

    /// Fetch `index` ended with `outcome`: a fetched document is transformed in a child task,
    /// any other result at once.
    private mutating func finished(_ index: Int, _ outcome: FetchResult.Outcome, in group: inout TaskGroup<Void>) {
        inEngine[index] = nil
        let elapsed = clock.now - started[index]
        let result = FetchResult(subscription: subscriptions[index], outcome: outcome, duration: elapsed.inSeconds)
        if case .fetched = outcome {
            let (transform, made, mailbox) = (transform, made, mailbox)
            group.addTask {
                made.put(index, transform(result))
                mailbox.outputReady()
            }
        } else {
            ready.append((index, transform(result)))
        }
    }

    /// Hands the engine the requests made since the last call; after a failure they are not
    /// sent, and those fetches end here, undelivered.
    private mutating func submit() {
        if failure == nil {
            fetcher.client.engine.submit(requests, batch: batch, to: mailbox)
        } else {
            for (index, _) in requests where inEngine[index] != nil {
                inEngine[index] = nil
                underWay -= 1
            }
        }
        requests = []
    }
}
