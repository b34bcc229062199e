import Foundation
import PlanetBase
import PlanetCache
import PlanetRiver
import PlanetSite
import PlanetSubscriptions

extension BuildRun {
    /// The status of one subscription after this run: this run's outcome over the cache's memory
    /// of earlier runs. File paths are replaced by the feed's name (never published).
    static func status(_ subscription: Subscription, source: RiverSource, outcome: FeedOutcome?,
                       state: FeedState?, kept: Int) -> FeedStatus {
        let result: FeedStatus.Outcome
        switch outcome {
        case .parsed?: result = .ok
        case .notModified?: result = .notModified
        case .failed?: result = .failed
        case nil: result = .skipped
        }
        let failing = outcome?.failure != nil || (outcome == nil && (state?.failureStreak ?? 0) > 0)
        let message = outcome?.failure?.message ?? state?.errorMessage
        var status = FeedStatus(
            subscriptionURL: subscription.url.absoluteString, url: source.publicFeedURL, name: source.name,
            outcome: result, lastSuccess: state?.lastSuccess, lastAttempt: state?.lastAttempt,
            lastError: failing ? FeedSource.publicMessage(message, subscription: subscription, name: source.name) : nil,
            errorKind: failing ? (outcome?.failure?.kind.rawValue ?? state?.errorKind) : nil,
            httpStatus: outcome?.failure?.status ?? state?.lastStatus, entriesKept: kept,
            failureStreak: state?.failureStreak ?? 0,
            redirectTo: state?.redirectTarget.map(URLText.removingUserinfo), gone: state?.gone ?? false, retryAfter: state?.retryAfter)
        status.entriesDropped = outcome?.feed?.entriesDropped ?? 0
        return status
    }
}
