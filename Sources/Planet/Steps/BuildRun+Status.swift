import Foundation
import PlanetBase
import PlanetCache
import PlanetRiver
import PlanetSite
import PlanetSubscriptions

extension BuildRun {
    /// The status of one subscription after this run: this run's outcome over the cache's memory
    /// of earlier runs. File paths are replaced by the feed's name (never published).
    static func status(
        _ subscription: Subscription, source: RiverSource, outcome: FeedOutcome?,
        state: FeedState?, kept: Int
    ) -> FeedStatus {
        let result: FeedStatus.Outcome
        switch outcome {
        case .parsed?: result = .ok
        case .notModified?: result = .notModified
        case .notDue?: result = .notDue
        case .failed?: result = .failed
        case nil: result = .skipped
        }
        let failing = outcome?.failure != nil || (outcome == nil && (state?.failureStreak ?? 0) > 0)
        let message = outcome?.failure?.message ?? state?.errorMessage
        var status = FeedStatus(
            subscriptionURL: subscription.key.string, url: source.publicFeedURL, name: source.name,
            outcome: result, lastSuccess: state?.lastSuccess, lastAttempt: state?.lastAttempt,
            lastError: failing ? FeedSource.publicMessage(message, subscription: subscription, name: source.name) : nil,
            errorKind: failing ? (outcome?.failure?.kind.rawValue ?? state?.errorKind) : nil,
            httpStatus: outcome?.failure?.status ?? state?.lastStatus, entriesKept: kept,
            failureStreak: state?.failureStreak ?? 0,
            redirectTo: state?.redirectTarget.map(URLText.removingUserinfo), gone: state?.gone ?? false,
            retryAfter: state?.retryAfter)
        status.entriesDropped = outcome?.feed?.entriesDropped ?? 0
        status.failingSince = failing ? (state?.failingSince ?? state?.lastAttempt) : nil
        status.nextFetch = failing ? nil : state?.nextFetch
        return status
    }

    /// `status(_:source:outcome:state:kept:)` with the newest entry's date and `activity`'s verdict.
    static func status(
        _ subscription: Subscription, source: RiverSource, outcome: FeedOutcome?,
        state: FeedState?, kept: Int, newest: Date?, activity: ActivityRule
    ) -> FeedStatus {
        var status = status(subscription, source: source, outcome: outcome, state: state, kept: kept)
        status.inactive = activity.isInactive(status, newest: newest)
        status.newestEntry = newest
        return status
    }

    /// Every subscription's status after this run, from the states after it and the cache's feed
    /// rows (entries kept, newest entries): what a build that renders nothing reports.
    /// - Throws: `BuildError.cache`.
    func statuses(_ subscriptions: [Subscription], _ fetched: Fetched) async throws(BuildError) -> [FeedStatus] {
        let (outcomes, byURL) = (fetched.outcomes, fetched.states)
        let activity = ActivityRule(settings, now: now)
        let facts = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
            try await cache.entryFacts()
        }
        return subscriptions.map { subscription in
            let key = subscription.key
            let (outcome, state) = (outcomes[key], byURL[key])
            // A status names the feed and its public URL, nothing else of its source.
            let (name, publicURL) = FeedSource.names(subscription, feed: outcome?.feed, state: state)
            let source = RiverSource(feedURL: key.string, name: name, publicFeedURL: publicURL, head: RiverSourceHead())
            return Self.status(
                subscription, source: source, outcome: outcome, state: state,
                kept: facts[key.string]?.kept ?? 0, newest: facts[key.string]?.newest, activity: activity)
        }
    }
}
