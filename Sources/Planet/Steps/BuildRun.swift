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
    var cache: FeedCache
    var now: Date
    var settings: FeedList.Settings
    /// feeds.txt (the `faces/` folder beside it).
    var configURL: URL
    /// `--offline`: nothing is fetched, the cache's entries are used.
    var offline: Bool
    /// `--force`: every feed is asked, whatever its polling hints and `poll_interval` say.
    var force: Bool = false
    /// The fetcher's settings for this build (`PlanetBuild.fetcherConfiguration`).
    var fetcherConfiguration: FetcherConfiguration
    /// How long the cache keeps entries (`PlanetBuild.retention`).
    var retention: Retention
    /// Called once per feed recorded (`BuildOptions.progress`).
    var progress: (@Sendable (BuildProgress) -> Void)?
    /// The site-wide facts of feeds.txt's settings (`PlanetBuild.siteConfiguration`).
    var siteConfiguration: SiteConfiguration
    var userAgent: String
    /// Digest of feeds.txt (see `PlanetBuild.fingerprint`).
    var fingerprint: String

    /// What the cache holds about every feed after this run's records (the entry heads are
    /// read apart, as many as the river needs: `chooseRiver`).
    struct Snapshot: Sendable {
        var states: [FeedKey: FeedState]
        var counts: [FeedKey: Int]
        /// Each feed's newest entry date (`FeedCache.entryFacts`), for `activity_threshold`.
        var newest: [FeedKey: Date] = [:]
    }

    /// What `fetchAndRecord` gives: this run's outcomes, and every feed's state as the cache holds
    /// it afterwards.
    struct Fetched: Sendable {
        /// This run's outcome by subscription URL (skipped feeds absent).
        var outcomes: [FeedKey: FeedOutcome]
        /// The cache's state of every feed it knows, by URL, after this run's records.
        var states: [FeedKey: FeedState]
    }

    /// Fetches every subscription that is due (not gone, not waiting for `Retry-After`, not before
    /// the next fetch its server's hints or its `poll_interval` give unless `--force`, `FeedState.isWaiting`;
    /// none when offline) with the cache's validators, `jobs` at a time and at most `perHost` to one host
    /// (`Fetcher.fetchAll`), in `FetchOrder` (least slack first); parses each in its fetch's task
    /// and records the result as it arrives (`FeedRecorder`).
    /// - Returns: this run's outcomes and the states after it (`Fetched`).
    /// - Throws: `BuildError.cache` when the cache cannot be read or written.
    func fetchAndRecord(_ subscriptions: [Subscription], _ fetcher: Fetcher) async throws(BuildError) -> Fetched {
        let states = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
            try await cache.allStates()
        }
        let byURL = Dictionary(states.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        if offline { return Fetched(outcomes: [:], states: byURL) }
        var seen = Set<FeedKey>(minimumCapacity: subscriptions.count)
        var notDue: [FeedKey] = []
        let lastSeconds = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
            try await cache.fetchTimes()
        }
        let due = FetchOrder.plan(
            subscriptions.filter { subscription in
                let key = subscription.key
                guard seen.insert(key).inserted else { return false }
                guard let state = byURL[key] else { return true }
                guard state.isDue(now: now, configFingerprint: fingerprint) else { return false }
                // The server's hints and `poll_interval` (issue 25); `--force` asks every feed.
                if !force, state.isWaiting(now: now, pollInterval: subscription.settings.pollInterval) {
                    notDue.append(key)
                    return false
                }
                return true
            }, lastSeconds: lastSeconds, perHost: fetcher.configuration.perHost)
        var validators = [URL: FetchValidators](minimumCapacity: due.count)
        for subscription in due {
            if let known = byURL[subscription.key]?.validators { validators[subscription.url] = known }
        }
        let configuration = fetcher.configuration
        let maxBytes = configuration.maxBytes
        let slack = FetchSlack(
            due, lastSeconds: lastSeconds, perHost: configuration.perHost, jobs: configuration.jobs,
            timeout: configuration.timeout)
        var recorder = FeedRecorder(run: self, known: byURL, total: due.count)
        // Each feed is parsed in its fetch's task; the next feed starts before this one is
        // recorded, so fetching and parsing go on while the cache (one writer) records.
        return try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
            try await fetcher.fetchAll(due, validators: validators, slack: slack) { result in
                (FeedOutcome.parse(result, maxBytes: maxBytes), result.duration)
            } deliver: { (index: Int, timed: (outcome: FeedOutcome, seconds: Double)) async throws(CacheError) in
                try await recorder.take(timed.outcome, seconds: timed.seconds, of: due[index])
            }
            var fetched = try await recorder.close()
            for key in notDue { fetched.outcomes[key] = .notDue }
            return fetched
        }
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
            let states = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
                try await cache.allStates()
            }
            fetched.states = Dictionary(states.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        }
        return applied
    }

    private func applyRedirects(_ list: inout FeedList) async throws(BuildError) -> [String: String] {
        var targets: [FeedKey: URL] = [:]
        for subscription in list.subscriptions {
            let key = subscription.key
            let state = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
                try await cache.state(for: key.string)
            }
            if let target = state?.redirectTarget, let newURL = URL(string: target) { targets[key] = newURL }
        }
        guard !targets.isEmpty else { return [:] }
        var applied: [String: String] = [:]
        list = try BuildError.wrapping(BuildError.Reason.config) { () throws(FeedListError) in
            try FeedList.edit(list.file) { fresh in
                for subscription in fresh.subscriptions {
                    let key = subscription.key
                    guard let newURL = targets[key], fresh.replaceURL(subscription.url, with: newURL) else { continue }
                    applied[key.string] = newURL.absoluteString
                }
                return fresh
            }
        }
        guard !applied.isEmpty else { return [:] }
        for (old, new) in applied.sorted(by: { $0.key < $1.key }) {
            try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
                try await cache.moveFeed(from: old, to: new)
            }
        }
        return applied
    }

    /// States, entry counts and newest entry dates of every feed as the cache holds them now.
    /// - Parameter states: the feeds' states as the cache holds them now (`Fetched.states`).
    func snapshot(states: [FeedKey: FeedState]) async throws(BuildError) -> Snapshot {
        // Counts and newest dates as the feed rows keep them (schema v8), without a pass over the entries.
        let facts = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
            try await cache.entryFacts()
        }
        return Snapshot(
            states: states, counts: facts.mapValues(\.kept).filter { $0.value > 0 }.byFeedKey(),
            newest: facts.compactMapValues(\.newest).byFeedKey())
    }

    /// The river's entries loaded whole from the cache (the river was chosen from heads only);
    /// order and dates kept. Their summary and content come out sanitized (the cache stores them
    /// raw; `FeedCache.entries(keys:)` sanitizes these few, concurrently): the one way entry HTML
    /// goes from the cache toward the site.
    func loadWhole(_ river: [RiverEntry]) async throws(BuildError) -> [RiverEntry] {
        let keys = river.map { EntryKey(feedURL: $0.source.feedURL, id: $0.entry.id) }
        let whole = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
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
}
