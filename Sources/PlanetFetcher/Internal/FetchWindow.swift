import Foundation
import PlanetSubscriptions

/// The state of `Fetcher.fetchAll`'s loop, one method per event: fetches are started in order
/// while fewer than `width` are under way, at most `hostWidth` of one host (a feed of a host at
/// that count waits aside, and starts, before any later feed, once one of its host's ends: the
/// engine's places go to other hosts meanwhile) (``startMore(in:)``), the engine's responses and the
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
    /// Twice the per-host cap: the engine always holds the next request of a host at its cap.
    let hostWidth: Int
    let fetcher: Fetcher
    let subscriptions: [Subscription]
    let validators: [URL: FetchValidators]
    let transform: @Sendable (FetchResult) -> Output
    let batch: Int
    /// What each subscription's transfers grant the others while they run (``FetchSlack``).
    let slack: FetchSlack
    let mailbox = FetchMailbox()
    let made = FetchMailbox.Outputs<Output>()
    let clock = ContinuousClock()

    /// The next subscription to start.
    private var next = 0
    /// Each subscription's host (`FetchOrder.host(of:)`), nil for a file.
    private let hosts: [String?]
    /// Fetches under way per host, and those waiting aside because their host had `hostWidth`.
    private var underWayByHost: [String: Int] = [:]
    /// (Slices, popped in place: a host of 10,000 feeds sets nearly all of them aside.)
    private var deferred: [String: ArraySlice<Int>] = [:]
    /// Fetches not yet started per host: the last one of a host closes its connection after use.
    private var notStarted: [String: Int] = [:]
    /// Hosts that came below `hostWidth` while some of their feeds wait aside.
    private var freed: [String] = []
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
        slack: FetchSlack, transform: @escaping @Sendable (FetchResult) -> Output
    ) {
        width = 2 * max(1, fetcher.configuration.jobs)
        hostWidth = 2 * max(1, fetcher.configuration.perHost)
        hosts = subscriptions.map(FetchOrder.host(of:))
        for case let host? in hosts { notStarted[host, default: 0] += 1 }
        self.fetcher = fetcher
        self.subscriptions = subscriptions
        self.validators = validators
        self.batch = batch
        self.slack = slack
        self.transform = transform
        inEngine = [HTTPFetch?](repeating: nil, count: subscriptions.count)
        started = [ContinuousClock.Instant](repeating: clock.now, count: subscriptions.count)
    }

    /// Starts fetches in order while fewer than `width` are under way, then hands the engine the
    /// requests they made.
    mutating func startMore(in group: inout TaskGroup<Void>) {
        while failure == nil, underWay < width, let index = nextToStart() {
            let subscription = subscriptions[index]
            let known = validators[subscription.url]
            underWay += 1
            var keepConnection = true
            if let host = hosts[index] {
                underWayByHost[host, default: 0] += 1
                notStarted[host, default: 1] -= 1
                keepConnection = notStarted[host, default: 0] > 0
            }
            if subscription.url.hasHTTPScheme {
                started[index] = clock.now
                var fetch = HTTPFetch(
                    configuration: fetcher.configuration, url: subscription.url, validators: known,
                    keepConnection: keepConnection, listedBy: subscription.listedBy)
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

    /// The next fetch to start: one waiting aside whose host has room now, else the next in
    /// order whose host has room (those whose host has not are set aside on the way).
    private mutating func nextToStart() -> Int? {
        while let host = freed.popLast() {
            guard underWayByHost[host, default: 0] < hostWidth, let index = deferred[host]?.popFirst() else { continue }
            if deferred[host]?.isEmpty == true {
                deferred[host] = nil
            } else {
                freed.append(host)
            }
            return index
        }
        while next < subscriptions.count {
            let index = next
            next += 1
            if let host = hosts[index], underWayByHost[host, default: 0] >= hostWidth {
                deferred[host, default: []].append(index)
                continue
            }
            return index
        }
        return nil
    }

    /// Fetch `index` is no longer under way: its host has room for one waiting aside.
    private mutating func release(_ index: Int) {
        underWay -= 1
        guard let host = hosts[index] else { return }
        underWayByHost[host, default: 1] -= 1
        if deferred[host] != nil { freed.append(host) }
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
        for (index, _) in outputs { release(index) }
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
        case .transfer(var request):
            if index < slack.grants.count { request.grantsSlack = slack.grants[index] }
            requests.append((index, request))
        case .done(let outcome): finished(index, outcome, in: &group)
        }
    }

    /// Fetch `index` ended with `outcome`: a fetched document is transformed in a child task,
    /// any other result at once.
    private mutating func finished(_ index: Int, _ outcome: FetchResult.Outcome, in group: inout TaskGroup<Void>) {
        // The transfer's own time, from when the engine started its first request: not the wait
        // for a place (the next build's `FetchOrder` reads it).
        let elapsed = clock.now - (inEngine[index]?.firstStart ?? started[index])
        inEngine[index] = nil
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
                release(index)
            }
        }
        requests = []
    }
}
