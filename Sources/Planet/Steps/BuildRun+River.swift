import FeedParser
import Foundation
import PlanetCache
import PlanetRiver
import PlanetSite
import PlanetSubscriptions

/// What the page shows, chosen from the cache after this run's records (`BuildRun.chooseRiver`).
struct Selection: Sendable {
    /// The index's entries, then each archive page's (`River.pages`), loaded whole (summary and
    /// content sanitized), each page newest first.
    var pages: [[RiverEntry]]
    /// The index's entries.
    var river: [RiverEntry] { pages[0] }
    /// Every subscription as the sidebar and the OPML list show it, in feeds.txt order.
    var sidebar: [SiteSubscription]
    /// Every subscription's status, in feeds.txt order (status.json, the report).
    var statuses: [FeedStatus]
    /// The feeds' faces (`FeedFaces`).
    var faces: FeedFaces
    /// The entry heads the pages were chosen from, and whether they are all the heads of the
    /// subscriptions (else the newest, as the river sorts them): for `SiteValidity`.
    var heads: [CachedEntry] = []
    var readAllHeads = false
    /// Each feed's newest entry date, for `SiteValidity`.
    var newest: [FeedKey: Date] = [:]
}

/// The feeds' faces for one build: by feed URL, the face files to publish, and the warnings
/// about `face` settings that could not be used.
struct FeedFaces: Sendable {
    /// Each feed's face by subscription URL; a feed without one is absent.
    var byFeed: [FeedKey: SiteFace] = [:]
    /// Output path (`faces/NAME`) → bytes of every face file used.
    var files: [String: Data] = [:]
    /// `feeds.txt:LINE: face 'x.png' …`, once each.
    var warnings: [String] = []
}

extension BuildRun {
    /// Chooses what the pages show: each subscription's source, status and face from this run's
    /// outcomes over the cache's memory, then the river and its `archivePages` archive pages,
    /// from the newest entry heads only (`River.pages(page:archivePages:now:heads:olderCopies:candidates:)`),
    /// without the entries the filters and `planet hide` leave out (`leftOut`), loaded whole at
    /// the end (`loadWhole`, once for every page).
    /// - Throws: `BuildError.cache`.
    /// - Parameter fetched: this run's outcomes and the feeds' states after it (`fetchAndRecord`).
    func chooseRiver(
        _ inputs: SiteInputs, _ fetched: Fetched, _ archivePages: Int = 0
    ) async throws(BuildError) -> Selection {
        let (subscriptions, outcomes) = (inputs.subscriptions, fetched.outcomes)
        let snapshot = try await snapshot(states: fetched.states)
        let faces = Self.faces(inputs.faces, subscriptions, outcomes: outcomes, snapshot: snapshot)
        let (sources, sidebar, shown) = feedsShown(subscriptions, outcomes, snapshot, faces)
        var statuses = shown
        var excluded = try await leftOut(subscriptions)
        excluded.future = Set(
            subscriptions.filter { FutureDates.leavesOut($0.settings, planetWide: settings.futureDates) }
                .map(\.key.string))
        excluded.now = now
        let urls = subscriptions.map(\.key.string)
        var lastRead: (heads: [CachedEntry], all: Bool) = ([], false)
        let heads = try await River.pages(
            page: PlanetBuild.pageRules(settings, subscriptions: subscriptions), archivePages: archivePages, now: now,
            heads: { (newest: Int?) async throws(BuildError) -> [CachedEntry] in
                let read = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
                    try await cache.entryHeads(feedURLs: urls, newest: newest)
                }
                lastRead = (read, newest == nil)
                return read
            },
            olderCopies: { (heads: [CachedEntry], notAfter: Date) async throws(BuildError) -> [CachedEntry] in
                try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
                    try await cache.olderCopies(of: heads, feedURLs: urls, notAfter: notAfter)
                }
            },
            candidates: { heads in
                Self.candidates(heads, subscriptions: subscriptions, sources: sources, excluded: excluded)
            })
        if !excluded.future.isEmpty {
            // Each status counts the entries `future_dates = ignore_entry` left out (of the heads
            // read: they sort first, newest first, so every one of them is).
            var future: [String: Int] = [:]
            for head in lastRead.heads where excluded.isFuture(head, feedURL: head.feedURL) {
                future[head.feedURL, default: 0] += 1
            }
            for index in statuses.indices {
                statuses[index].futureEntriesLeftOut = future[statuses[index].subscriptionURL] ?? 0
            }
        }
        // One load for every page (`loadWhole` keeps order and count), cut back into pages.
        let whole = try await loadWhole(Array(heads.joined()))
        var pages: [[RiverEntry]] = []
        var offset = 0
        for entries in heads {
            pages.append(Array(whole[offset..<offset + entries.count]))
            offset += entries.count
        }
        return Selection(
            pages: pages, sidebar: sidebar, statuses: statuses, faces: faces,
            heads: lastRead.heads, readAllHeads: lastRead.all, newest: snapshot.newest)
    }

    /// Each subscription's river source (by feed URL), sidebar item and status, in feeds.txt
    /// order: this run's outcome over the cache's memory (`snapshot`), with its face.
    func feedsShown(
        _ subscriptions: [Subscription], _ outcomes: [FeedKey: FeedOutcome], _ snapshot: Snapshot, _ faces: FeedFaces
    ) -> (sources: [String: RiverSource], sidebar: [SiteSubscription], statuses: [FeedStatus]) {
        let activity = ActivityRule(settings, now: now)
        var sources: [String: RiverSource] = [:]
        var sidebar: [SiteSubscription] = []
        var statuses: [FeedStatus] = []
        for subscription in subscriptions {
            let key = subscription.key
            let outcome = outcomes[key]
            let state = snapshot.states[key]
            let source = FeedSource.make(subscription, feed: outcome?.feed, state: state)
            let status = Self.status(
                subscription, source: source, outcome: outcome, state: state,
                kept: snapshot.counts[key] ?? 0, newest: snapshot.newest[key], activity: activity)
            statuses.append(status)
            var item = SiteSubscription(
                name: source.name, feedURL: source.publicFeedURL,
                siteLink: source.siteLink, failure: status.lastError)
            item.custom = source.custom
            item.inactive = status.inactive
            item.face = faces.byFeed[key]
            sidebar.append(item)
            sources[key.string] = source
        }
        return (sources, sidebar, statuses)
    }

    /// The river's candidates of `heads`, feed by feed in feeds.txt order, each with its feed's
    /// source, without the entries `excluded` leaves out (filters, hidden entries).
    static func candidates(
        _ heads: [CachedEntry], subscriptions: [Subscription], sources: [String: RiverSource],
        excluded: LeftOut
    ) -> [RiverCandidate] {
        let byFeed = Dictionary(grouping: heads, by: \.feedURL)
        var candidates: [RiverCandidate] = []
        for subscription in subscriptions {
            let key = subscription.key.string
            guard let source = sources[key] else { continue }
            for cached in byFeed[key] ?? [] where !excluded.contains(cached, feedURL: key) {
                var candidate = RiverCandidate(
                    entry: cached.entry, source: source, firstSeen: cached.firstSeen,
                    backlog: cached.backlog)
                candidate.position = cached.position
                candidate.inDocument = cached.inDocument
                candidates.append(candidate)
            }
        }
        return candidates
    }

    /// The face files of `subscriptions` (their `face` settings that name a file), read once per
    /// build: the fingerprint hashes them, the river's faces (`chooseRiver`) use them.
    func faces(reading subscriptions: [Subscription]) -> Faces {
        var faces = Faces(configURL: configURL, settings: settings)
        faces.readFiles(for: subscriptions)
        return faces
    }

    /// Each subscription's face (`Faces`: its `face` setting, else the image of this run's
    /// document, else the one the cache remembers), the face files and the warnings; `faces` holds
    /// the face files already read (`faces(reading:)`).
    static func faces(
        _ faces: Faces, _ subscriptions: [Subscription], outcomes: [FeedKey: FeedOutcome], snapshot: Snapshot
    ) -> FeedFaces {
        var faces = faces
        var byFeed: [FeedKey: SiteFace] = [:]
        for subscription in subscriptions {
            let key = subscription.key
            let image = Self.image(of: key, outcomes: outcomes, states: snapshot.states)
            byFeed[key] = faces.face(for: subscription, image: image)
        }
        return FeedFaces(byFeed: byFeed, files: faces.files, warnings: faces.warnings)
    }
}
