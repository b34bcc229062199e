import FeedParser
import Foundation
import Planet
import PlanetBase
import PlanetFetcher
import PlanetSubscriptions

/// What `planet add` does before it writes a URL into feeds.txt: fetches it, checks that it is a
/// feed, and when it is a web page instead, finds the page's feeds (`FeedDiscovery`) and checks
/// the one picked.
enum FeedCheck {
    /// A feed that was fetched and parsed.
    struct Found: Sendable, Equatable {
        /// The feed's URL: the URL given, or the one discovered on the page it names.
        var url: URL
        /// The feed's own title, else the title of the page's `<link>`; nil when neither.
        var title: String?
    }

    /// Why the URL cannot be added; `status` is the exit status.
    struct Failure: Error, Sendable, Equatable {
        var message: String
        var status: Int32
    }

    /// Fetches `url`; a feed is `Found` as it is; an HTML page's alternate feeds are listed on
    /// stdout when there are several, and the `pick`-th (1-based, default the first) is fetched
    /// and checked in turn.
    static func check(_ url: URL, pick: Int?, timeout: Double, io: CommandIO) async throws(Failure) -> Found {
        let document = try await fetch(url, timeout: timeout)
        let parseError: FeedParseError
        do {
            let feed = try Feed.parse(document.data, url: document.finalURL, contentType: document.contentType)
            return Found(url: url, title: title(of: feed))
        } catch {
            parseError = error
        }
        let links = FeedDiscovery.alternateLinks(html: document.data, base: document.finalURL)
        guard !links.isEmpty else {
            let isPage = parseError.reason == .notAFeed("an HTML page")
            throw Failure(message: parseError.description
                + (isPage ? ", and it links no feed (<link rel=\"alternate\">)" : "")
                + "; give the feed's own URL, or --no-fetch", status: ExitStatus.usage)
        }
        let index = (pick ?? 1) - 1
        if links.count > 1 {
            io.line("'\(URLText.removingUserinfo(url.absoluteString))' links \(links.count) feeds:")
            for (number, link) in links.enumerated() {
                io.line("  \(number + 1). \(URLText.removingUserinfo(link.url.absoluteString))" + (link.title.map { "  (\($0))" } ?? ""))
            }
            if index < links.count { io.line("taking \(index + 1); --pick N takes another") }
        }
        guard index < links.count else {
            throw Failure(message: "'--pick \(index + 1)' but '\(URLText.removingUserinfo(url.absoluteString))' links "
                + "\(links.count) feed\(links.count == 1 ? "" : "s")", status: ExitStatus.usage)
        }
        let link = links[index]
        let feedURL: URL
        do {
            feedURL = try FeedURLNormalizer.normalize(link.url.absoluteString, currentDirectory: io.currentDirectory)
        } catch {
            throw Failure(message: "'\(URLText.removingUserinfo(url.absoluteString))' links \(error.description)", status: ExitStatus.usage)
        }
        if links.count == 1 { io.line("'\(URLText.removingUserinfo(url.absoluteString))' is a web page; its feed is '\(URLText.removingUserinfo(feedURL.absoluteString))'") }
        let feedDocument = try await fetch(feedURL, timeout: timeout)
        do {
            let feed = try Feed.parse(feedDocument.data, url: feedDocument.finalURL,
                                      contentType: feedDocument.contentType)
            return Found(url: feedURL, title: title(of: feed) ?? link.title)
        } catch {
            throw Failure(message: "\(error.description) (linked from '\(URLText.removingUserinfo(url.absoluteString))'); "
                + "--no-fetch adds it without checking", status: ExitStatus.usage)
        }
    }

    private static func fetch(_ url: URL, timeout: Double) async throws(Failure) -> FetchedDocument {
        do {
            return try await DocumentSource.fetch(url, timeout: timeout)
        } catch {
            throw Failure(message: error.message + "; --no-fetch adds it without checking",
                          status: error.isInput ? ExitStatus.usage : ExitStatus.failure)
        }
    }

    private static func title(of feed: Feed) -> String? {
        feed.title.flatMap { $0.isEmpty ? nil : $0 }
    }
}
