import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

/// The cache stores summary and content raw (a `.deferred` parse) with their base, and every
/// public read that returns entry text sanitizes it: no raw HTML leaves the cache.
@Suite("FeedCache raw HTML")
struct FeedCacheRawHTMLTests {
    static let document = """
        <rss version="2.0"><channel><title>T</title><link>https://blog.example.com/</link>
        <item><guid>https://blog.example.com/1</guid><title>One</title>
        <description>&lt;p&gt;Hi &lt;img src="/i.png" \
        onerror="alert(1)"&gt;&lt;script&gt;alert(2)&lt;/script&gt;&lt;/p&gt;</description>
        <content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/">\
        <![CDATA[<a href="javascript:alert(3)">x</a> <a href="/p">p</a>]]></content:encoded>
        </item></channel></rss>
        """
    static let url = URL(string: CacheFixtures.feedURL)

    @Test func deferredParseIsStoredRawAndReadSanitized() async throws {
        try await withDeadline {
            let data = Data(Self.document.utf8)
            let deferred = try Feed.parse(data, url: Self.url, sanitizing: .deferred)
            let eager = try Feed.parse(data, url: Self.url)
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: CacheFixtures.feedURL, feed: deferred, info: FetchInfo(),
                now: CacheFixtures.t0, retention: Retention())
            let stored = try await cache.storedHTML()
            #expect(stored.first?.content?.contains("javascript:") == true)
            #expect(stored.first?.summary?.contains("<script>") == true)
            // RSS item HTML resolves against the item's link (FeedParser, issue 28).
            #expect(stored.first?.base == "https://blog.example.com/1")

            let byKey = try await cache.entries(keys: [
                EntryKey(feedURL: CacheFixtures.feedURL, id: "https://blog.example.com/1")
            ])
            let all = try await cache.entries(feedURLs: [CacheFixtures.feedURL])
            for entries in [byKey, all] {
                #expect(entries.map(\.entry) == eager.entries)
                let text = entries.map { ($0.entry.summary ?? "") + ($0.entry.content ?? "") }.joined()
                for needle in ["<script", "alert", "onerror", "javascript:"] {
                    #expect(!text.contains(needle), "\(needle) in \(text)")
                }
            }
            #expect(eager.entries.first?.content?.contains(#"href="https://blog.example.com/p""#) == true)
        }
    }

    @Test func migratesVersionOneFileWithItsRows() async throws {
        try await withDeadline {
            let path = CacheFixtures.temporaryPath()
            defer { CacheFixtures.remove(path) }
            let sanitized = #"<p>Kept <a href="https://blog.example.com/a" rel="noopener noreferrer">a</a></p>"#
            do {
                let db = try CacheFixtures.olderCache(at: path, version: 1)
                try db.execute("INSERT INTO feed (url) VALUES ('\(CacheFixtures.feedURL)')")
                try db.execute(
                    """
                    INSERT INTO entry (feed_url, id, first_seen, summary, content)
                    VALUES ('\(CacheFixtures.feedURL)', 'e1', 1704067200, 'plain &amp; simple', '\(sanitized)')
                    """)
            }
            let cache = try FeedCache(path: path)
            #expect(try await cache.sqliteUserVersion() == CacheSchema.currentVersion)
            let entries = try await cache.entries(feedURLs: [CacheFixtures.feedURL])
            #expect(entries.map(\.entry.id) == ["e1"])
            #expect(entries.first?.entry.content == sanitized)
            #expect(entries.first?.entry.summary == "plain &amp; simple")
            #expect(entries.first?.entry.htmlBase == nil)
            // The new column is written from now on.
            var entry = CacheFixtures.entry("e2")
            entry.htmlBase = "https://blog.example.com/feed.xml"
            try await cache.recordSuccess(
                feedURL: CacheFixtures.feedURL, feed: CacheFixtures.feed([entry]),
                info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
            let reopened = try FeedCache(path: path)
            let stored = try await reopened.storedHTML()
            #expect(stored.map(\.base) == [nil, "https://blog.example.com/feed.xml"])
        }
    }
}

extension FeedCache {
    /// Summary, content and html_base exactly as stored, by entry id.
    func storedHTML() throws -> [(summary: String?, content: String?, base: String?)] {
        try db.statement("SELECT summary, content, html_base FROM entry ORDER BY id").rows {
            (summary: $0.text(0), content: $0.text(1), base: $0.text(2))
        }
    }
}
