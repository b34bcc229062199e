import FeedParser
import Foundation
import PlanetBase
import PlanetCache
import PlanetFetcher
import PlanetRiver
import PlanetSite
import PlanetSubscriptions

/// One build's fetch-and-record work against the cache (the part of `PlanetBuild.run` that
/// talks to the network and SQLite).
struct BuildRun: Sendable {
    var options: BuildOptions
    var cache: FeedCache
    var now: Date
    var settings: FeedList.Settings
    /// feeds.txt (the `faces/` folder beside it).
    var configURL: URL { options.configURL }
    /// The site-wide facts of feeds.txt's settings (`PlanetBuild.siteConfiguration`).
    var siteConfiguration: SiteConfiguration
    var userAgent: String
    /// Digest of feeds.txt (see `PlanetBuild.fingerprint`).
    var fingerprint: String

    /// Settings `keep_days` (default 90) and `keep_entries` (default 200).
    var retention: Retention {
        Retention(keepDays: settings.keepDays ?? 90, keepEntries: settings.keepEntries ?? 200)
    }

    /// What the cache holds about every feed after this run's records (the entry heads are
    /// read apart, as many as the river needs: `chooseRiver`).
    struct Snapshot: Sendable {
        var states: [String: FeedState]
        var counts: [String: Int]
        /// Each feed's newest entry date (`FeedCache.entryFacts`), for `activity_threshold`.
        var newest: [String: Date] = [:]
    }

    /// What `fetchAndRecord` gives: this run's outcomes, and every feed's state as the cache holds
    /// it afterwards.
    struct Fetched: Sendable {
        /// This run's outcome by subscription URL (skipped feeds absent).
        var outcomes: [String: FeedOutcome]
        /// The cache's state of every feed it knows, by URL, after this run's records.
        var states: [String: FeedState]
    }

    /// Fetches every subscription that is due (not gone, not waiting for `Retry-After`; none when
    /// offline) with the cache's validators, `jobs` at a time (`Fetcher.fetchAll`), round robin
    /// over their hosts; parses each in its fetch's task and records the result in the cache as
    /// it arrives: parsed documents `documentsPerTransaction` to a transaction, each failure in
    /// one of its own, all the 304s in one at the end.
    /// - Returns: this run's outcomes and the states after it (`Fetched`): the states read before
    ///   the fetch, with each feed recorded since read again, and the 304s as recorded
    ///   (`FeedState.recordingNotModified`), so that the cache is not read twice.
    /// - Throws: `BuildError.cache` when the cache cannot be read or written.
    func fetchAndRecord(_ subscriptions: [Subscription], _ fetcher: Fetcher) async throws(BuildError) -> Fetched {
        let states = try await cacheCall { () throws(CacheError) in try await cache.allStates() }
        let byURL = Dictionary(states.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        if options.offline { return Fetched(outcomes: [:], states: byURL) }
        var seen = Set<String>(minimumCapacity: subscriptions.count)
        let lastSeconds = try await cacheCall { () throws(CacheError) in try await cache.fetchTimes() }
        let due = FetchOrder.plan(
            subscriptions.filter { subscription in
                let key = subscription.url.absoluteString
                guard seen.insert(key).inserted else { return false }
                return byURL[key]?.isDue(now: now, configFingerprint: fingerprint) ?? true
            }, lastSeconds: lastSeconds, perHost: fetcher.configuration.perHost)
        var validators = [URL: FetchValidators](minimumCapacity: due.count)
        for subscription in due {
            if let known = byURL[subscription.url.absoluteString]?.validators { validators[subscription.url] = known }
        }
        let maxBytes = fetcher.configuration.maxBytes
        var outcomes = [String: FeedOutcome](minimumCapacity: due.count)
        var after = byURL
        var failed = 0
        // 304s are recorded together after the loop, in one transaction (Benchmarks/PERF.md: one commit
        // per feed was a third of a warm build). A build stopped before then loses nothing: the
        // cache still holds the same validators, and the next run asks again.
        var notModified: [String] = []
        notModified.reserveCapacity(due.count)
        // 304s that came through other permanent redirects than the cache records (or through
        // none where it records one): feed URL → the redirect now.
        var redirected: [String: String?] = [:]
        // Parsed documents are recorded in batches, one transaction each (`recordSuccesses`; one
        // per feed wrote 490 MB into the WAL for a 66 MB cache: Benchmarks/PERF.md). A build stopped
        // before a batch is recorded loses nothing either: the next run fetches those feeds again.
        var documents: [(subscription: Subscription, outcome: FeedOutcome)] = []
        // How long each fetch took, for the next build's order (`FetchOrder`).
        var seconds: [String: Double] = [:]
        func finish(_ outcome: FeedOutcome, of subscription: Subscription) async throws(CacheError) {
            outcomes[subscription.url.absoluteString] = outcome
            if outcome.failure != nil { failed += 1 }
            try await report(outcome, of: subscription, done: outcomes.count, total: due.count, failed: failed)
        }
        func recordDocuments() async throws(CacheError) {
            guard !documents.isEmpty else { return }
            try await cache.recordSuccesses(
                documents.compactMap { item in
                    guard case .parsed(let feed, let info) = item.outcome else { return nil }
                    return FeedCache.SuccessRecord(
                        feedURL: item.subscription.url.absoluteString, feed: feed, info: info,
                        newFeedItems: settings.newFeedItems,
                        ignoreUpdated: item.subscription.settings.ignoreUpdated)
                }, now: now, retention: retention)
            for item in documents {
                after[item.subscription.url.absoluteString] = try await cache.state(
                    for: item.subscription.url.absoluteString)
                // Recorded: the entries live in the cache now; keep only the feed's head
                // (title, links) for the sidebar and status, not every entry's HTML.
                try await finish(item.outcome.withoutEntries, of: item.subscription)
            }
            documents = []
        }
        // Each feed is parsed in its fetch's task; the next feed starts before this one is
        // recorded, so fetching and parsing go on while the cache (one writer) records.
        try await cacheCall { () async throws(CacheError) in
            try await fetcher.fetchAll(due, validators: validators) { result in
                (FeedOutcome.parse(result, maxBytes: maxBytes), result.duration)
            } deliver: { (index: Int, timed: (outcome: FeedOutcome, seconds: Double)) async throws(CacheError) in
                let subscription = due[index]
                let key = subscription.url.absoluteString
                let fetched = timed.outcome
                seconds[key] = timed.seconds
                if case .notModified(let redirect) = fetched, let known = byURL[key], known.lastSuccess != nil {
                    notModified.append(key)
                    if known.redirectTarget != redirect { redirected[key] = redirect }
                    try await finish(fetched, of: subscription)
                } else if case .parsed = fetched {
                    documents.append((subscription, fetched))
                    if documents.count >= Self.documentsPerTransaction { try await recordDocuments() }
                } else {
                    let outcome = try await record(fetched, of: subscription).withoutEntries
                    after[key] = try await cache.state(for: key)
                    try await finish(outcome, of: subscription)
                }
            }
            try await recordDocuments()
            try await cache.recordNotModified(feedURLs: notModified, now: now, retention: retention)
            try await cache.recordRedirectTargets(redirected)
            try await cache.recordFetchTimes(seconds)
        }
        for key in notModified { after[key] = after[key]?.recordingNotModified(now: now) }
        for (key, target) in redirected { after[key]?.redirectTarget = target }
        return Fetched(outcomes: outcomes, states: after)
    }

    /// Parsed documents recorded per transaction: enough that a cold build commits a few dozen
    /// times rather than once per feed, few enough that progress lines keep coming.
    static let documentsPerTransaction = 16

    /// The fetcher's settings for this build: `--jobs`, `--per-host` (else `per_host`),
    /// `--timeout`, the User-Agent, `max_bytes`.
    var fetcherConfiguration: FetcherConfiguration {
        var configuration = FetcherConfiguration()
        configuration.jobs = max(1, options.jobs)
        if let perHost = options.perHost ?? settings.perHost { configuration.perHost = max(1, perHost) }
        configuration.timeout = options.timeout
        configuration.userAgent = userAgent
        configuration.addressPolicy = options.addressPolicy
        configuration.trustStore = options.trustStore
        if let maxBytes = settings.maxBytes { configuration.maxBytes = maxBytes }
        return configuration
    }

    /// Calls `options.progress` for a feed just recorded.
    private func report(
        _ outcome: FeedOutcome, of subscription: Subscription, done: Int, total: Int,
        failed: Int
    ) async throws(CacheError) {
        guard let progress = options.progress else { return }
        let state = try await cache.state(for: subscription.url.absoluteString)
        let source = FeedSource.make(subscription, feed: outcome.feed, state: state)
        progress(
            BuildProgress(
                done: done, total: total, failed: failed,
                feed: Self.status(subscription, source: source, outcome: outcome, state: state, kept: 0),
                failure: outcome.failure))
    }

    /// Records one outcome of `subscription`. (A 304 of a feed the cache had a copy of when the
    /// run began is recorded with the others after the fetch loop.)
    /// - Returns: the outcome recorded: `outcome`, or a failure for a 304 without a cached copy.
    private func record(_ outcome: FeedOutcome, of subscription: Subscription) async throws(CacheError)
        -> FeedOutcome
    {
        let key = subscription.url.absoluteString
        switch outcome {
        case .parsed(let feed, let info):
            try await cache.recordSuccess(
                feedURL: key, feed: feed, info: info, now: now, retention: retention,
                newFeedItems: settings.newFeedItems,
                ignoreUpdated: subscription.settings.ignoreUpdated)
            return outcome
        case .notModified(let redirect):
            if let known = try await cache.state(for: key), known.lastSuccess != nil {
                try await cache.recordNotModified(feedURL: key, now: now, retention: retention)
                if known.redirectTarget != redirect { try await cache.recordRedirectTargets([key: redirect]) }
                return outcome
            }
            let failure = FetchFailure(
                kind: .other, url: subscription.url, status: 304,
                message: "\(subscription.url.displayString): HTTP 304 but no cached copy")
            try await recordFailure(failure, of: key)
            return .failed(failure)
        case .failed(let failure):
            try await recordFailure(failure, of: key)
            return outcome
        }
    }

    private func recordFailure(_ failure: FetchFailure, of key: String) async throws(CacheError) {
        try await cache.recordFailure(
            feedURL: key, failure: failure, now: now,
            retryAfter: failure.retryAfterDate(now: now), configFingerprint: fingerprint)
    }

    /// Rewrites feeds.txt for every current subscription whose feed moved for good (301/308),
    /// keeping comments, names and order, and moves its cache records to the new URL.
    ///
    /// The edit is made under `FeedListLock` on feeds.txt as it is then, read again: an `add` or
    /// `remove` made while the build ran is kept, and `list` becomes that file.
    /// - Returns: old URL → new URL of the redirects applied; none unless `apply`
    ///   (`--apply-redirects`). `fetched.states` is read again after a move (the moves changed
    ///   their keys).
    /// - Throws: `BuildError.config` when feeds.txt cannot be read or saved, `.cache`.
    func applyRedirects(_ list: inout FeedList, _ fetched: inout Fetched, if apply: Bool) async throws(BuildError)
        -> [String: String]
    {
        guard apply else { return [:] }
        let applied = try await applyRedirects(&list)
        if !applied.isEmpty {
            let states = try await cacheCall { () throws(CacheError) in try await cache.allStates() }
            fetched.states = Dictionary(states.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        }
        return applied
    }

    private func applyRedirects(_ list: inout FeedList) async throws(BuildError) -> [String: String] {
        var targets: [String: URL] = [:]
        for subscription in list.subscriptions {
            let key = subscription.url.absoluteString
            let state = try await cacheCall { () throws(CacheError) in try await cache.state(for: key) }
            if let target = state?.redirectTarget, let newURL = URL(string: target) { targets[key] = newURL }
        }
        guard !targets.isEmpty else { return [:] }
        var applied: [String: String] = [:]
        do {
            list = try FeedList.edit(list.file) { fresh in
                for subscription in fresh.subscriptions {
                    let key = subscription.url.absoluteString
                    guard let newURL = targets[key], fresh.replaceURL(subscription.url, with: newURL) else { continue }
                    applied[key] = newURL.absoluteString
                }
                return fresh
            }
        } catch {
            throw BuildError(.config(error))
        }
        guard !applied.isEmpty else { return [:] }
        for (old, new) in applied.sorted(by: { $0.key < $1.key }) {
            try await cacheCall { () throws(CacheError) in try await cache.moveFeed(from: old, to: new) }
        }
        return applied
    }

    /// States, entry counts and newest entry dates of every feed as the cache holds them now.
    /// - Parameter states: the feeds' states as the cache holds them now (`Fetched.states`).
    func snapshot(states: [String: FeedState]) async throws(BuildError) -> Snapshot {
        // Counts and newest dates as the feed rows keep them (schema v8), without a pass over the entries.
        let facts = try await cacheCall { () throws(CacheError) in try await cache.entryFacts() }
        return Snapshot(
            states: states, counts: facts.mapValues(\.kept).filter { $0.value > 0 },
            newest: facts.compactMapValues(\.newest))
    }

    /// The river's entries loaded whole from the cache (the river was chosen from heads only);
    /// order and dates kept. Their summary and content come out sanitized (the cache stores them
    /// raw; `FeedCache.entries(keys:)` sanitizes these few, concurrently): the one way entry HTML
    /// goes from the cache toward the site.
    func loadWhole(_ river: [RiverEntry]) async throws(BuildError) -> [RiverEntry] {
        let keys = river.map { EntryKey(feedURL: $0.source.feedURL, id: $0.entry.id) }
        let whole = try await cacheCall { () throws(CacheError) in
            try await cache.entries(keys: keys, options: settings.entryHTML)
        }
        var byKey: [EntryKey: Entry] = [:]
        for cached in whole { byKey[cached.key] = cached.entry }
        return river.map { item in
            var item = item
            if let entry = byKey[EntryKey(feedURL: item.source.feedURL, id: item.entry.id)] { item.entry = entry }
            return item
        }
    }

    /// Runs a cache call, turning its error into `BuildError.cache`.
    func cacheCall<T>(_ body: () async throws(CacheError) -> T) async throws(BuildError) -> T {
        do {
            return try await body()
        } catch {
            throw BuildError(.cache(error))
        }
    }
}
