import Foundation
import PlanetBase
import PlanetCache
import PlanetRiver
import PlanetSubscriptions

extension BuildRun {
    /// The entries the page must not show: those the include / exclude rules of feeds.txt (the
    /// planet's and each feed's, `EntryFilterSet`) turn away, read from the cache on every build
    /// so that a changed rule shows at once, `--offline` too.
    /// - Returns: the keys of those entries; empty (and nothing read) without rules.
    /// - Throws: `BuildError.cache`.
    func filteredOut(_ subscriptions: [Subscription]) async throws(BuildError) -> Set<EntryKey> {
        var feeds: [String: (include: [EntryFilter], exclude: [EntryFilter])] = [:]
        for subscription in subscriptions {
            feeds[subscription.key.string] = (subscription.settings.include, subscription.settings.exclude)
        }
        let rules = EntryFilterSet(include: settings.include, exclude: settings.exclude, feeds: feeds)
        guard !rules.isEmpty else { return [] }
        let urls = rules.feedsToCheck(subscriptions.map(\.key.string))
        let withText = rules.needsText
        let fields = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
            try await cache.filterFields(feedURLs: urls, withText: withText)
        }
        var out = Set<EntryKey>()
        for (key, value) in fields where !rules.shows(value, feedURL: key.feedURL) { out.insert(key) }
        return out
    }
}

extension BuildRun {
    /// What the page leaves out of `subscriptions`' entries: those the include / exclude rules
    /// turn away (`filteredOut`) and those hidden with `planet hide` (`hiddenValues`).
    /// - Throws: `BuildError.cache`.
    func leftOut(_ subscriptions: [Subscription]) async throws(BuildError) -> LeftOut {
        LeftOut(filtered: try await filteredOut(subscriptions), hidden: try await hiddenValues())
    }

    /// The ids and links hidden with `planet hide` (`FeedCache.hidden`).
    /// - Throws: `BuildError.cache`.
    func hiddenValues() async throws(BuildError) -> Set<String> {
        try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
            Set(try await cache.hidden().map(\.value))
        }
    }
}

/// What the page leaves out, whatever the river would choose: entries turned away by the
/// include / exclude rules, entries hidden by id or link, and the entries dated after the build
/// time of feeds with `future_dates = ignore_entry` (`FutureDates`).
struct LeftOut: Sendable {
    /// Entries turned away by the rules (`BuildRun.filteredOut`).
    var filtered: Set<EntryKey> = []
    /// Hidden ids and links (`BuildRun.hiddenValues`).
    var hidden: Set<String> = []
    /// Feeds whose entries dated after `now` are left out (`future_dates = ignore_entry`).
    var future: Set<String> = []
    /// The build time, for `future`.
    var now = Date.distantFuture

    /// Whether `cached` of `feedURL` is left out for being dated after the build time: its feed
    /// has `future_dates = ignore_entry` and its published date is after `now`. When that date
    /// comes the entry shows (`River.nextChange` names the instant).
    func isFuture(_ cached: CachedEntry, feedURL: String) -> Bool {
        guard let published = cached.entry.published, published > now else { return false }
        return future.contains(feedURL)
    }

    /// Whether the cached entry head `cached` of `feedURL` is left out.
    func contains(_ cached: CachedEntry, feedURL: String) -> Bool {
        if filtered.contains(EntryKey(feedURL: feedURL, id: cached.entry.id)) || hidden.contains(cached.entry.id) {
            return true
        }
        if isFuture(cached, feedURL: feedURL) { return true }
        if let link = cached.entry.link, hidden.contains(link) { return true }
        return false
    }
}
