import FeedParser
import Foundation
import PlanetBase
import PlanetCache
import PlanetFetcher
import PlanetSubscriptions

extension BuildRun {
    /// The feeds of the reading lists (`list URL` lines of feeds.txt; Planet Venus
    /// `content_type = opml`), each fetched with a conditional GET through `fetcher` (none when
    /// offline). A list that fails (fetch or OPML) keeps its last good set from the cache, and a
    /// warning says so.
    /// - Returns: one subscription per listed feed (`ReadingListFeeds.merge`: named by its OPML
    ///   title, in list order, without the feeds feeds.txt lists itself or an earlier list already
    ///   gave); and warnings.
    /// - Throws: `BuildError.cache`.
    func readingListFeeds(_ lists: [URL], _ listed: [Subscription], _ fetcher: Fetcher) async throws(BuildError)
        -> (feeds: [Subscription], warnings: [String])
    {
        guard !lists.isEmpty else { return ([], []) }
        var read: [(url: URL, feeds: [ListedFeed])] = []
        var warnings: [String] = []
        let listFetcher = ReadingListLimits.fetcher(fetcher)
        for list in lists {
            let key = list.absoluteString
            let stored = try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
                try await cache.readingList(key)
            }
            var current = stored?.feeds
            if !offline {
                let result = await listFetcher.fetch(Subscription(url: list), validators: stored?.validators)
                switch result.outcome {
                case .notModified:
                    break
                case .fetched(let document):
                    do {
                        let outlines = try OPMLReader.outlines(document.data)
                        let (read, warning) = ReadingListLimits.taken(
                            outlines.compactMap { outline -> ListedFeed? in
                                guard let url = URL(string: outline.xmlURL, relativeTo: document.finalURL)?.absoluteURL,
                                    url.hasHTTPScheme
                                else { return nil }
                                return ListedFeed(url: url.absoluteString, title: outline.title)
                            }, list: key)
                        if let warning { warnings.append(warning) }
                        current = read
                        try await BuildError.wrapping(BuildError.Reason.cache) { () async throws(CacheError) in
                            try await cache.recordReadingList(
                                key, feeds: read, validators: FetchValidators(document), now: now)
                        }
                    } catch let error as BuildError {
                        throw error
                    } catch {
                        warnings.append("reading list \(key): \(error); its last good list is used")
                    }
                case .failed(let failure):
                    warnings.append("reading list \(key): \(failure.message); its last good list is used")
                }
            }
            read.append((list, current ?? []))
        }
        return (ReadingListFeeds.merge(read, besides: listed).map(\.subscription), warnings)
    }
}
