import FeedParser
import Foundation
import Planet
import PlanetBase
import PlanetFetcher

/// What `planet parse` made of one FILE|URL argument: the feed, or why there is none.
enum ParseOutcome: Sendable {
    /// The document was read and parsed (entries' HTML sanitized, as the contract says).
    case parsed(Feed)
    /// No feed: `message` says why, place first, without the `planet parse: ` prefix; `status` is
    /// the exit status it calls for (1: cannot be read or fetched; 2: not a location, not a feed).
    case failed(message: String, status: ExitStatus)

    /// The exit status of this outcome alone: 0 for a feed.
    var status: ExitStatus {
        switch self {
        case .parsed: return ExitStatus.success
        case .failed(_, let status): return status
        }
    }

    /// Loads `source` (`DocumentSource.load`) and parses it with `Feed.parseConcurrently`.
    /// - Parameters:
    ///   - source: the argument as given: a path or an http(s)/file URL.
    ///   - timeout: seconds allowed to fetch a URL.
    ///   - namingSource: true to put `'source'` first in every message (several arguments);
    ///     false for the one-argument messages (a parse error names the document URL).
    ///   - sanitizing: `.eager` (default) for a feed with sanitized HTML; `.deferred` leaves the
    ///     entries' HTML raw, for `Feed.sanitizedJSONContractLine` to sanitize as it writes.
    static func examine(
        _ source: String, io: CommandIO, timeout: Double, namingSource: Bool,
        sanitizing: HTMLSanitizing = .eager
    ) async -> ParseOutcome {
        let document: FetchedDocument
        do {
            document = try await DocumentSource.load(source, io: io, timeout: timeout)
        } catch {
            let status = error.isInput ? ExitStatus.usage : ExitStatus.failure
            guard namingSource, !error.message.hasPrefix("'\(source)'") else {
                return .failed(message: error.message, status: status)
            }
            return .failed(message: "'\(source)': \(error.message)", status: status)
        }
        do {
            var feed =
                sanitizing == .deferred
                ? try Feed.parse(
                    document.data, url: document.finalURL, contentType: document.contentType, sanitizing: .deferred)
                : try await Feed.parseConcurrently(
                    document.data, url: document.finalURL, contentType: document.contentType)
            ContentLanguage.apply(document.contentLanguage, to: &feed, setting: nil)
            return .parsed(feed)
        } catch {
            let links = FeedDiscovery.alternateLinks(html: document.data, base: document.finalURL)
            let hint =
                links.isEmpty
                ? ""
                : "; it links the feed\(links.count == 1 ? "" : "s") "
                    + links.map { "'\(URLText.removingUserinfo($0.url.absoluteString))'" }.joined(separator: ", ")
            let what =
                namingSource
                ? "'\(source)': " + FeedParseError(url: nil, reason: error.reason).description
                : error.description
            return .failed(message: what + hint, status: ExitStatus.usage)
        }
    }
}
