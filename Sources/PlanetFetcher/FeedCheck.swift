import FeedParser
import Foundation
import PlanetSubscriptions

/// What `planet add` does before it writes a URL into feeds.txt: fetches it
/// (`Fetcher.document(at:timeout:)`), checks that it is a feed (`Feed.parse`), and when it is a
/// web page instead, finds the page's feeds (`FeedDiscovery`: `<link rel="alternate">`) and checks
/// the one picked.
package enum FeedCheck {
    /// A feed that was fetched and parsed.
    package struct Found: Sendable, Equatable {
        /// The feed's URL: the URL given, or the one discovered on the page it names.
        package var url: URL
        /// The feed's own title, else the title of the page's `<link>`; nil when neither.
        package var title: String?
        /// The page's feed links, when the URL given was a page.
        package var discovery: Discovery?

        /// Creates a result with the given fields.
        package init(url: URL, title: String?, discovery: Discovery? = nil) {
            self.url = url
            self.title = title
            self.discovery = discovery
        }
    }

    /// The feeds a page links, and the one taken.
    package struct Discovery: Sendable, Equatable {
        /// The page's alternate feeds, in document order; at least one.
        package var links: [DiscoveredFeed]
        /// 0-based index of the link asked for (`pick` - 1); beyond `links` when `pick` was.
        package var index: Int
        /// The link taken as feeds.txt holds it (`FeedURLNormalizer`); nil when `index` is beyond
        /// `links` or the link is not such a URL.
        package var feedURL: URL?

        /// Creates a discovery with the given fields.
        package init(links: [DiscoveredFeed], index: Int, feedURL: URL? = nil) {
            self.links = links
            self.index = index
            self.feedURL = feedURL
        }
    }

    /// Fetches `url`; a feed is `Found` as it is. A page's alternate feeds are discovered and the
    /// `pick`-th (1-based, default the first) is fetched and checked in turn.
    /// - Parameters:
    ///   - timeout: seconds allowed to each fetch.
    ///   - currentDirectory: folder a relative feed link that names a file is resolved against.
    /// - Throws: `FeedCheckError`, with the page's `discovery` when it got that far.
    package static func check(
        _ url: URL, pick: Int?, timeout: Double,
        currentDirectory: URL
    ) async throws(FeedCheckError) -> Found {
        let document = try await fetch(url, timeout: timeout, checking: url)
        let parseError: FeedParseError
        do {
            let feed = try Feed.parse(document.data, url: document.finalURL, contentType: document.contentType)
            return Found(url: url, title: title(of: feed))
        } catch {
            parseError = error
        }
        let links = FeedDiscovery.alternateLinks(html: document.data, base: document.finalURL)
        guard !links.isEmpty else { throw FeedCheckError(url: url, reason: .notAFeed(parseError)) }
        var discovery = Discovery(links: links, index: (pick ?? 1) - 1)
        guard discovery.index < links.count else {
            throw FeedCheckError(url: url, reason: .noSuchLink(pick: discovery.index + 1), discovery: discovery)
        }
        let link = links[discovery.index]
        let feedURL: URL
        do {
            feedURL = try FeedURLNormalizer.normalize(link.url.absoluteString, currentDirectory: currentDirectory)
        } catch {
            throw FeedCheckError(url: url, reason: .badLink(error), discovery: discovery)
        }
        discovery.feedURL = feedURL
        let feedDocument: FetchedDocument
        do {
            feedDocument = try await fetch(feedURL, timeout: timeout, checking: url)
        } catch {
            throw FeedCheckError(url: url, reason: error.reason, discovery: discovery)
        }
        do {
            let feed = try Feed.parse(
                feedDocument.data, url: feedDocument.finalURL,
                contentType: feedDocument.contentType)
            return Found(url: feedURL, title: title(of: feed) ?? link.title, discovery: discovery)
        } catch {
            throw FeedCheckError(url: url, reason: .linkedNotAFeed(error), discovery: discovery)
        }
    }

    /// `Fetcher.document(at:timeout:)`, its error as a `FeedCheckError` about `checked`.
    private static func fetch(
        _ url: URL, timeout: Double,
        checking checked: URL
    ) async throws(FeedCheckError) -> FetchedDocument {
        do {
            return try await Fetcher.document(at: url, timeout: timeout)
        } catch {
            throw FeedCheckError(url: checked, reason: .fetch(error))
        }
    }

    private static func title(of feed: Feed) -> String? {
        feed.title.flatMap { $0.isEmpty ? nil : $0 }
    }
}
