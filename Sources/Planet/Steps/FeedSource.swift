import FeedParser
import Foundation
import PlanetBase
import PlanetCache
import PlanetRiver
import PlanetSite
import PlanetSubscriptions

/// The river source of a subscription: name and links from this run's document when there is
/// one, else from what the cache remembers of the last one.
enum FeedSource {
    /// - Parameters:
    ///   - feed: the document parsed this run, if any.
    ///   - state: the cache's state of the feed, if any.
    static func make(_ subscription: Subscription, feed: Feed?, state: FeedState?) -> RiverSource {
        let title = feed?.title ?? state?.title
        let (name, publicURL) = names(subscription, feed: feed, state: state)
        let siteLink = PublicLink.check(feed?.link ?? state?.link)
        let url = subscription.url.absoluteString
        // A document of this run speaks for the whole head (a field it lacks is absent now);
        // without one, the cache's copy of the last document's.
        let author = feed.map(\.author) ?? state?.author
        // The document's language when it is a well-formed tag, else the per-feed `language`
        // setting of feeds.txt (it fills in for feeds that state none or a malformed one; an
        // entry's own xml:lang still comes first on the page).
        let stated = feed.map(\.language) ?? state?.language
        let language = LanguageTag.normalized(stated) == nil ? subscription.settings.language ?? stated : stated
        let head = RiverSourceHead(
            id: feed.map(\.id) ?? state?.feedID, title: title,
            updated: feed.map(\.updated) ?? state?.updated,
            authorName: author?.name, authorEmail: author?.email,
            authorURI: author.flatMap { PublicLink.check($0.uri) },
            language: language)
        var source = RiverSource(feedURL: url, name: name, siteLink: siteLink, publicFeedURL: publicURL, head: head)
        source.custom = subscription.settings.custom
        source.allowsDuplicateLinks = subscription.settings.allowsDuplicates
        return source
    }

    /// The source's display name and the feed URL readers may see, as `make` gives them.
    static func names(_ subscription: Subscription, feed: Feed?, state: FeedState?) -> (
        name: String, publicFeedURL: String?
    ) {
        let title = feed?.title ?? state?.title
        // The subscription URL without userinfo: credentials never reach a page.
        let shown = subscription.url.displayString
        let name = subscription.name ?? title.flatMap { $0.isEmpty ? nil : $0 } ?? shown
        // http(s) feeds may be named in public; files may not.
        return (name, subscription.url.hasHTTPScheme ? shown : PublicLink.check(feed?.feedURL))
    }

    /// `message` with a local file's path replaced by the feed's display name, and a web feed's
    /// URL without its userinfo, so that no file path and no password reaches the published
    /// status report.
    static func publicMessage(_ message: String?, subscription: Subscription, name: String) -> String? {
        guard let message else { return nil }
        if subscription.url.hasHTTPScheme {
            return message.replacingOccurrences(
                of: subscription.url.absoluteString,
                with: subscription.url.displayString)
        }
        return message.replacingOccurrences(of: subscription.url.absoluteString, with: name)
            .replacingOccurrences(of: subscription.url.path, with: name)
    }
}
