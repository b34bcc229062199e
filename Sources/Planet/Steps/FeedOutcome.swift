import FeedParser
import Foundation
import PlanetCache
import PlanetFetcher
import PlanetSubscriptions

/// What one subscription's fetch ended in this run: a parsed feed, a 304, or the reason it gave
/// nothing.
enum FeedOutcome: Sendable {
    /// A document was fetched and parsed: the feed, and the status, validators and permanent
    /// redirect of the response that brought it. Once the feed is recorded, its entries live in
    /// the cache and the outcome keeps only its head (`withoutEntries`).
    case parsed(Feed, FetchInfo)
    /// HTTP 304 (RFC 9110 §15.4.5) and the cache holds a copy: it is current. `permanentRedirect`
    /// is the URL the 304 came from after permanent redirects only, nil without (the feed's
    /// recorded redirect follows it: a move the server made temporary, or permanent, since).
    /// `validators` are those the 304 carried (RFC 9111 §4.3.4), nil when it carried none;
    /// `freshness`, what it said of how long the copy stays fresh, nil when nothing.
    case notModified(permanentRedirect: String?, validators: FetchValidators? = nil, freshness: HTTPFreshness? = nil)
    /// Not requested: the feed's schedule says it is not due yet (`FeedState.isWaiting`: its
    /// server's hints, its `poll_interval`). It is treated as a 304 would be: its cached entries
    /// stay, its status is the last one (issue 25).
    case notDue
    /// The fetch or the parse failed, or a 304 came for a feed the cache has no copy of.
    case failed(FetchFailure)

    /// The feed parsed this run, nil for a 304 or a failure.
    var feed: Feed? {
        if case .parsed(let feed, _) = self { return feed }
        return nil
    }

    /// This run's failure, nil for a feed or a 304.
    var failure: FetchFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    /// The outcome with the feed's entries dropped (title, links and image stay, for the sidebar
    /// and the status): what is kept of a feed once it is recorded.
    var withoutEntries: FeedOutcome {
        guard case .parsed(var feed, let info) = self else { return self }
        feed.entries = []
        return .parsed(feed, info)
    }

    /// Parses one fetch result (`HTMLSanitizing.deferred`: the feed's entries hold raw HTML, for
    /// the cache only); a parse error becomes a `notAFeed` failure. A 304 is `.notModified` here;
    /// the build makes it a failure when the cache turns out to have no copy.
    /// - Parameter maxBytes: the largest document parsed (setting `max_bytes`, the fetcher's cap).
    static func parse(_ result: FetchResult, maxBytes: Int = Feed.defaultMaxBytes) -> FeedOutcome {
        switch result.outcome {
        case .failed(let failure):
            return .failed(failure)
        case .notModified(let permanentRedirect, let validators, let freshness):
            return .notModified(
                permanentRedirect: permanentRedirect?.absoluteString, validators: validators, freshness: freshness)
        case .fetched(let document):
            do {
                // Deferred: the cache keeps summary and content raw, and only the entries the
                // site shows are sanitized, on their way out of the cache (`FeedCache.entries(keys:)`).
                // The feed's overrides for what its documents say wrong (`FeedOverrides`).
                let overrides = result.subscription.settings.overrides
                var feed = try Feed.parse(
                    document.data, url: document.finalURL,
                    contentType: overrides.contentType(document.contentType), maxBytes: maxBytes,
                    sanitizing: .deferred)
                overrides.apply(to: &feed)
                if !overrides.ignoreLanguage {
                    ContentLanguage.apply(
                        document.contentLanguage, to: &feed, setting: result.subscription.settings.language)
                }
                // A document cut short is not recorded at all (`Feed.isCutShort`): its entries
                // would stand for the whole feed, the ones after the cut marked as gone and its
                // head fields possibly cut too. The fetch fails as a body cut short in its HTTP
                // framing does: the cache keeps its copy and its validators, and the next build asks
                // again.
                if feed.isCutShort {
                    return .failed(
                        FetchFailure(
                            kind: .badResponse, url: result.subscription.url, status: document.status,
                            message: "the document was cut short: its bytes end before its root element closes "
                                + "(a gzip stream or a file the server cut); nothing of it was recorded, the cached "
                                + "entries stay and the next build asks again ('planet parse URL' shows where it ends)")
                    )
                }
                return .parsed(feed, FetchInfo(document))
            } catch {
                return .failed(
                    FetchFailure(
                        kind: .notAFeed, url: result.subscription.url, status: document.status,
                        message: error.description))
            }
        }
    }
}
