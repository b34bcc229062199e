import FeedParser
import Foundation

/// What one subscription gave this run: a parsed feed, or the reason it gave nothing.
struct FeedOutcome: Sendable {
    var subscription: Subscription
    var feed: Feed?
    var failure: FetchFailure?

    /// The feed as the river and the sidebar name it.
    var source: RiverSource {
        let name = subscription.name ?? feed?.title.flatMap { $0.isEmpty ? nil : $0 }
            ?? subscription.url.absoluteString
        let siteLink = PublicLink.check(feed?.link)
        let url = subscription.url.absoluteString
        let isWeb = ["http", "https"].contains(subscription.url.scheme?.lowercased() ?? "")
        let publicURL = isWeb ? url : PublicLink.check(feed?.feedURL)
        return RiverSource(feedURL: url, name: name, siteLink: siteLink, publicFeedURL: publicURL)
    }

    /// Parses every fetched document concurrently (parsing is CPU work; one task per document,
    /// the cooperative pool bounds them by the number of cores). Order of `results` is kept.
    static func parseAll(_ results: [FetchResult]) async -> [FeedOutcome] {
        await withTaskGroup(of: (Int, FeedOutcome).self) { group in
            for (index, result) in results.enumerated() {
                group.addTask { (index, parse(result)) }
            }
            var outcomes = [FeedOutcome?](repeating: nil, count: results.count)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes.compactMap { $0 }
        }
    }

    /// Parses one fetch result; a parse error becomes a `notAFeed` failure.
    static func parse(_ result: FetchResult) -> FeedOutcome {
        let subscription = result.subscription
        switch result.outcome {
        case .failed(let failure):
            return FeedOutcome(subscription: subscription, feed: nil, failure: failure)
        case .notModified:
            let failure = FetchFailure(kind: .other, url: subscription.url, status: 304,
                                       message: "\(subscription.url.absoluteString): HTTP 304 but no cached copy")
            return FeedOutcome(subscription: subscription, feed: nil, failure: failure)
        case .fetched(let document):
            do {
                let feed = try Feed.parse(document.data, url: document.finalURL,
                                          contentType: document.contentType)
                return FeedOutcome(subscription: subscription, feed: feed, failure: nil)
            } catch {
                let failure = FetchFailure(kind: .notAFeed, url: subscription.url, status: document.status,
                                           message: "\(subscription.url.absoluteString): \(error.description)")
                return FeedOutcome(subscription: subscription, feed: nil, failure: failure)
            }
        }
    }
}
