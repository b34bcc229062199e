import Foundation
import Planet
import PlanetCache
import PlanetSubscriptions

/// One row of `planet list`: a feed of feeds.txt, or one that a reading list of feeds.txt adds
/// (as the cache last read the list), with what the cache knows of it.
struct ListRow: Sendable, Equatable {
    /// The feed; `line` is its feeds.txt line, or for a reading list's feed the `list` line.
    var subscription: Subscription
    var status: ListStatus
    /// The reading list the feed comes from; nil for a feed of feeds.txt.
    var readingList: URL?

    /// What `planet list` shows of `list` from the cache at `cachePath`, opened read-only: the
    /// feeds of feeds.txt in file order, then those of its reading lists (`ReadingListFeeds.merge`,
    /// as the build subscribes to them), each with its status; nothing is fetched. Every status
    /// is `neverFetched` when the file does not exist (it is not created) or holds no cache yet.
    /// - Returns: the rows, and the reading lists the cache holds no copy of (never read by a build).
    /// - Throws: `CacheError` when the file exists but cannot be read.
    static func load(cachePath: String, list: FeedList) async throws(CacheError) -> (rows: [ListRow], unread: [URL]) {
        let feeds = list.subscriptions
        let lists = list.readingLists
        guard FileManager.default.fileExists(atPath: cachePath) else {
            return (feeds.map { ListRow(subscription: $0, status: .neverFetched) }, lists)
        }
        let cache = try FeedCache(readingOnly: cachePath)  // list never creates, migrates or writes
        guard try await cache.hasSchema() else {
            return (feeds.map { ListRow(subscription: $0, status: .neverFetched) }, lists)
        }
        let stored = try await cache.readingListFeeds(lists.map(\.absoluteString))
        let read = lists.compactMap { url in stored[url.absoluteString].map { (url: url, feeds: $0) } }
        let lines = Self.lines(of: list)
        var rows = feeds.map { ListRow(subscription: $0, status: .neverFetched) }
        for listed in ReadingListFeeds.merge(read, besides: feeds) {
            var subscription = listed.subscription
            subscription.line = lines[listed.list] ?? 0
            rows.append(ListRow(subscription: subscription, status: .neverFetched, readingList: listed.list))
        }
        let states = Dictionary(
            try await cache.allStates().map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        let counts = try await cache.entryCounts()
        for index in rows.indices {
            let key = rows[index].subscription.url.absoluteString
            if let state = states[key] { rows[index].status = ListStatus(state, entries: counts[key] ?? 0) }
        }
        return (rows, lists.filter { stored[$0.absoluteString] == nil })
    }

    /// The 1-based line of each reading list's first `list` line.
    static func lines(of list: FeedList) -> [URL: Int] {
        var lines: [URL: Int] = [:]
        for (index, line) in list.lines.enumerated() {
            if case .readingList(let url) = line.kind, lines[url] == nil { lines[url] = index + 1 }
        }
        return lines
    }
}
