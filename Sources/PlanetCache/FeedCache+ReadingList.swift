import Foundation
import PlanetFetcher

/// One feed of a reading list: its URL and the OPML title, if any.
package struct ListedFeed: Sendable, Equatable, Codable {
    /// The outline's `xmlUrl`, absolute.
    package var url: String
    /// The outline's `title` (else `text`), nil when absent.
    package var title: String?

    /// Creates a listed feed.
    package init(url: String, title: String?) {
        self.url = url
        self.title = title
    }
}

extension FeedCache {
    /// The feeds of a reading list's last good copy and that copy's validators; nil when none
    /// was read yet.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func readingList(_ url: String) throws(CacheError) -> (feeds: [ListedFeed], validators: FetchValidators)? {
        try sql { () throws(SQLiteError) in
            try db.statement("SELECT feeds, etag, last_modified FROM reading_list WHERE url = ?1")
                .bind([.text(url)]).rows { row in
                    let feeds =
                        (try? JSONDecoder().decode([ListedFeed].self, from: Data((row.text(0) ?? "[]").utf8))) ?? []
                    return (feeds: feeds, validators: FetchValidators(etag: row.text(1), lastModified: row.text(2)))
                }.first
        }
    }

    /// The feeds of the last good copy of each reading list of `urls` that was read (`planet
    /// list`, which only reads): a list never read has no key. Empty for a cache of a schema
    /// before v5 (opened with `init(readingOnly:)`), which keeps no reading list.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func readingListFeeds(_ urls: [String]) throws(CacheError) -> [String: [ListedFeed]] {
        guard try hasTable("reading_list") else { return [:] }
        var found: [String: [ListedFeed]] = [:]
        for url in urls {
            if let stored = try readingList(url) { found[url] = stored.feeds }
        }
        return found
    }

    /// Records the feeds of a reading list just fetched and read: its last good copy.
    /// - Throws: `CacheError.Reason.sqlite`.
    package func recordReadingList(
        _ url: String, feeds: [ListedFeed], validators: FetchValidators,
        now: Date
    ) throws(CacheError) {
        // Keys sorted: the same feeds give the same text, so an unchanged list is seen unchanged.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: (try? encoder.encode(feeds)) ?? Data("[]".utf8), as: UTF8.self)
        try sql { () throws(SQLiteError) in
            try db.transaction { () throws(SQLiteError) in
                let before =
                    try db.statement("SELECT feeds FROM reading_list WHERE url = ?1").bind([.text(url)])
                    .rows { $0.text(0) }.first ?? nil
                try db.statement(
                    """
                    INSERT INTO reading_list (url, etag, last_modified, feeds, fetched_at) VALUES (?1, ?2, ?3, ?4, ?5)
                    ON CONFLICT (url) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified,
                        feeds = excluded.feeds, fetched_at = excluded.fetched_at
                    """
                ).bind([
                    .text(url), .text(validators.etag), .text(validators.lastModified), .text(json),
                    .date(now)
                ]).run()
                // The list's feeds are subscriptions of the site: a change of them is a change of the site.
                if before != json { try bumpContentVersion() }
            }
        }
    }
}
