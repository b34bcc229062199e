import FeedParser
import Foundation
import PlanetSubscriptions

/// Why a URL someone wants to subscribe to is not a feed planet can add (`FeedCheck.check`).
package struct FeedCheckError: Error, Sendable, Equatable {
    /// What went wrong.
    package enum Reason: Sendable, Equatable {
        /// The URL, or the feed its page links, could not be fetched.
        case fetch(DocumentFetchError)
        /// The document is not a feed, and links none (`<link rel="alternate">`).
        case notAFeed(FeedParseError)
        /// The page links fewer feeds than the one asked for (1-based `pick`).
        case noSuchLink(pick: Int)
        /// The feed link taken is not a URL feeds.txt can hold.
        case badLink(FeedListError)
        /// The feed link taken leads to a document that is not a feed.
        case linkedNotAFeed(FeedParseError)
    }

    /// The URL that was checked, as given.
    package var url: URL
    /// What went wrong.
    package var reason: Reason
    /// The page's feed links, when the URL was a page that links some.
    package var discovery: FeedCheck.Discovery?

    /// Creates an error for `url`.
    package init(url: URL, reason: Reason, discovery: FeedCheck.Discovery? = nil) {
        self.url = url
        self.reason = reason
        self.discovery = discovery
    }

    /// True when the input is at fault (not a feed, no such link, an empty file); false when a
    /// file or URL could not be read.
    package var isInput: Bool {
        if case .fetch(let error) = reason { return error.isInput }
        return true
    }
}
