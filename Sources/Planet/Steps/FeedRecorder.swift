import FeedParser
import Foundation
import PlanetCache
import PlanetFetcher
import PlanetSubscriptions

/// Records each feed's outcome in the cache as the fetch loop delivers it (`BuildRun.fetchAndRecord`),
/// and keeps what the rest of the build reads of it: this run's outcomes and every feed's state
/// afterwards, so that the cache is not read twice.
///
/// How outcomes are written (Benchmarks/PERF.md): parsed documents `documentsPerTransaction` to a
/// transaction (one per feed wrote 490 MB into the WAL for a 66 MB cache), each failure in one of
/// its own, and the 304s all together at the end (one commit per feed was a third of a warm
/// build). A build stopped before a batch is recorded loses nothing: the cache still holds the
/// same validators, and the next run asks again.
///
/// One rule for a 304: it is current when the cache held a copy of the feed as the run began
/// (`FeedState.lastSuccess`); otherwise the feed fails, "HTTP 304 but no cached copy".
struct FeedRecorder {
    /// Parsed documents recorded per transaction: enough that a cold build commits a few dozen
    /// times rather than once per feed, few enough that progress lines keep coming.
    static let documentsPerTransaction = 16

    let run: BuildRun
    /// The cache's states as the run began, by feed URL.
    let known: [FeedKey: FeedState]
    /// The feeds fetched this run (for progress: done of `total`).
    let total: Int
    private var outcomes: [FeedKey: FeedOutcome] = [:]
    private var after: [FeedKey: FeedState]
    private var failed = 0
    private var notModified: [FeedKey] = []
    /// 304s that came through other permanent redirects than the cache records (or through
    /// none where it records one): feed URL → the redirect now.
    private var redirected: [FeedKey: String?] = [:]
    /// 304s that carried other validators than the cache holds: feed URL → the validators now.
    private var revalidated: [FeedKey: FetchValidators] = [:]
    private var documents: [(subscription: Subscription, outcome: FeedOutcome)] = []
    /// How long each fetch took, for the next build's order (`FetchOrder`).
    private var seconds: [FeedKey: Double] = [:]
    /// Each fetched feed's `poll_interval` setting, for its next fetch (`schedules()`).
    private var pollIntervals: [FeedKey: TimeInterval] = [:]

    init(run: BuildRun, known: [FeedKey: FeedState], total: Int) {
        self.run = run
        self.known = known
        self.total = total
        after = known
        outcomes.reserveCapacity(total)
        notModified.reserveCapacity(total)
    }

    /// Takes one delivered outcome: a current 304 waits for the end, a parsed document for its
    /// batch, anything else is recorded at once.
    mutating func take(_ outcome: FeedOutcome, seconds: Double, of subscription: Subscription) async throws(CacheError)
    {
        let key = subscription.key
        if case .notDue = outcome { return }
        self.seconds[key] = seconds
        pollIntervals[key] = subscription.settings.pollInterval
        switch outcome {
        case .notModified(let redirect, let validators, _) where known[key]?.lastSuccess != nil:
            notModified.append(key)
            if known[key]?.redirectTarget != redirect { redirected[key] = redirect }
            // Only a value the 304 carried replaces one (`FetchValidators.revalidated(by:)`).
            if let validators, let stored = known[key] {
                let before = stored.validators ?? FetchValidators()
                let after = before.revalidated(by: validators)
                if after != before { revalidated[key] = after }
            }
            try await finish(outcome, of: subscription)
        case .notModified:
            let failure = FetchFailure(
                kind: .other, url: subscription.url, status: 304,
                message: "\(subscription.url.displayString): HTTP 304 but no cached copy")
            try await recordFailure(failure, of: subscription)
        case .parsed:
            documents.append((subscription, outcome))
            if documents.count >= Self.documentsPerTransaction { try await recordDocuments() }
        case .failed(let failure):
            try await recordFailure(failure, of: subscription)
        case .notDue:
            break  // never requested, so never delivered: `BuildRun.fetchAndRecord` adds these
        }
    }

    /// Records what waits (the last documents, the 304s, their redirects, the fetch times).
    /// - Returns: this run's outcomes and the states after it.
    mutating func close() async throws(CacheError) -> BuildRun.Fetched {
        try await recordDocuments()
        try await run.cache.recordNotModified(
            feedURLs: notModified.map(\.string), now: run.now, retention: run.retention)
        try await run.cache.recordRedirectTargets(redirected.byURLText())
        try await run.cache.recordValidators(revalidated.byURLText())
        try await run.cache.recordFetchTimes(seconds.byURLText())
        for key in notModified { after[key] = after[key]?.recordingNotModified(now: run.now) }
        for (key, target) in redirected { after[key]?.redirectTarget = target }
        for (key, validators) in revalidated {
            after[key]?.etag = validators.etag
            after[key]?.lastModified = validators.lastModified
        }
        try await run.cache.recordSchedules(schedules().byURLText())
        return BuildRun.Fetched(outcomes: outcomes, states: after)
    }

    /// Each fetched feed's schedule after this run, where it changed (`after` updated to match):
    /// a document's stated interval and its response's freshness replace the stored ones; a 304
    /// replaces the freshness only when it gave one (RFC 9111 §4.3.4); a failure keeps the
    /// hints and is due on every build (`FeedState.scheduledFetch(pollInterval:)`).
    private mutating func schedules() -> [FeedKey: FeedCache.FetchSchedule] {
        var changed: [FeedKey: FeedCache.FetchSchedule] = [:]
        for (key, outcome) in outcomes {
            guard var state = after[key] else { continue }
            let before = FeedCache.FetchSchedule(
                statedInterval: state.statedInterval, freshFor: state.freshFor, nextFetch: state.nextFetch)
            switch outcome {
            case .parsed(let feed, let info):
                state.statedInterval = feed.updateInterval
                state.freshFor = info.freshness?.freshFor(receivedAt: run.now)
            case .notModified(_, _, let freshness?):
                state.freshFor = freshness.freshFor(receivedAt: run.now)
            case .notModified, .failed, .notDue:
                break
            }
            state.nextFetch = state.scheduledFetch(pollInterval: pollIntervals[key])
            let schedule = FeedCache.FetchSchedule(
                statedInterval: state.statedInterval, freshFor: state.freshFor, nextFetch: state.nextFetch)
            if schedule != before { changed[key] = schedule }
            after[key] = state
        }
        return changed
    }

    private mutating func recordDocuments() async throws(CacheError) {
        guard !documents.isEmpty else { return }
        try await run.cache.recordSuccesses(
            documents.compactMap { item in
                guard case .parsed(let feed, let info) = item.outcome else { return nil }
                return FeedCache.SuccessRecord(
                    feedURL: item.subscription.key.string, feed: feed, info: info,
                    newFeedItems: run.settings.newFeedItems, ignoreUpdated: item.subscription.settings.ignoreUpdated)
            }, now: run.now, retention: run.retention)
        for item in documents {
            let key = item.subscription.key
            after[key] = try await run.cache.state(for: key.string)
            // Recorded: the entries live in the cache now; keep only the feed's head (title,
            // links) for the sidebar and status, not every entry's HTML.
            try await finish(item.outcome.withoutEntries, of: item.subscription)
        }
        documents = []
    }

    private mutating func recordFailure(_ failure: FetchFailure, of subscription: Subscription) async throws(CacheError)
    {
        let key = subscription.key
        try await run.cache.recordFailure(
            feedURL: key.string, failure: failure, now: run.now,
            retryAfter: failure.retryAfterDate(now: run.now), configFingerprint: run.fingerprint)
        after[key] = try await run.cache.state(for: key.string)
        try await finish(.failed(failure), of: subscription)
    }

    /// `outcome` is this run's for `subscription`: counted, and reported to `options.progress`.
    private mutating func finish(_ outcome: FeedOutcome, of subscription: Subscription) async throws(CacheError) {
        outcomes[subscription.key] = outcome
        if outcome.failure != nil { failed += 1 }
        guard let progress = run.progress else { return }
        let state = try await run.cache.state(for: subscription.key.string)
        let source = FeedSource.make(subscription, feed: outcome.feed, state: state)
        progress(
            BuildProgress(
                done: outcomes.count, total: total, failed: failed,
                feed: BuildRun.status(subscription, source: source, outcome: outcome, state: state, kept: 0),
                failure: outcome.failure))
    }
}
