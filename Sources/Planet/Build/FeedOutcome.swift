import FeedParser
import Foundation
import PlanetCache
import PlanetFetcher
import PlanetSubscriptions

/// What one subscription gave this run: a parsed feed, a 304, or the reason it gave nothing.
struct FeedOutcome: Sendable {
    var subscription: Subscription
    var feed: Feed?
    var failure: FetchFailure?
    /// Status, validators and permanent redirect of the response that brought `feed`.
    var info: FetchInfo?
    /// HTTP 304: the cached copy is current.
    var notModified = false

    /// Parses one fetch result (`HTMLSanitizing.deferred`: `feed`'s entries hold raw HTML, for the
    /// cache only); a parse error becomes a `notAFeed` failure.
    /// - Parameter maxBytes: the largest document parsed (setting `max_bytes`, the fetcher's cap).
    static func parse(_ result: FetchResult, maxBytes: Int = Feed.defaultMaxBytes) -> FeedOutcome {
        let subscription = result.subscription
        switch result.outcome {
        case .failed(let failure):
            return FeedOutcome(subscription: subscription, feed: nil, failure: failure)
        case .notModified:
            return FeedOutcome(subscription: subscription, feed: nil, failure: nil, notModified: true)
        case .fetched(let document):
            do {
                // Deferred: the cache keeps summary and content raw, and only the entries the
                // site shows are sanitized, on their way out of the cache (`FeedCache.entries(keys:)`).
                let feed = try Feed.parse(document.data, url: document.finalURL,
                                          contentType: document.contentType, maxBytes: maxBytes,
                                          sanitizing: .deferred)
                return FeedOutcome(subscription: subscription, feed: feed, failure: nil,
                                   info: FetchInfo(document))
            } catch {
                let failure = FetchFailure(kind: .notAFeed, url: subscription.url, status: document.status,
                                           message: error.description)
                return FeedOutcome(subscription: subscription, feed: nil, failure: failure)
            }
        }
    }
}
