import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

/// Schema v3's indexes (Benchmarks/PERF.md): the queries a build runs on every feed must not read entry rows,
/// whose summary and content spill onto overflow pages. SQLite's query plan says which index a
/// statement uses, so these tests fail when a change of query or schema sends it back to the table.
@Suite("FeedCache indexes")
struct FeedCacheIndexTests {
    private typealias F = CacheFixtures

    @Test func v3IndexesExistInNewAndMigratedCaches() async throws {
        try await withDeadline {
            let fresh = try FeedCache(path: ":memory:")
            #expect(try await fresh.indexNames().isSuperset(of: ["entry_feed_head", "entry_fallen_off"]))

            let path = F.temporaryPath()
            defer { F.remove(path) }
            do {
                let db = try F.olderCache(at: path, version: 2)
                try db.execute("INSERT INTO feed (url) VALUES ('\(F.feedURL)')")
                try db.execute(
                    """
                    INSERT INTO entry (feed_url, id, first_seen, published, in_document)
                    VALUES ('\(F.feedURL)', 'old', 1704067200, NULL, 0), \
                    ('\(F.feedURL)', 'new', 1704067200, 1704153600, 1)
                    """)
            }
            let migrated = try FeedCache(path: path)
            #expect(try await migrated.sqliteUserVersion() == CacheSchema.currentVersion)
            #expect(try await migrated.indexNames().isSuperset(of: ["entry_feed_head", "entry_fallen_off"]))
            let heads = try await migrated.entryHeads(feedURLs: [F.feedURL])
            #expect(heads.map(\.entry.id) == ["new", "old"])
            #expect(heads.map(\.inDocument) == [true, false])
            // v5: rows written before it are not backlog and have position 0.
            #expect(heads.map(\.backlog) == [false, false] && heads.map(\.position) == [0, 0])
            #expect(try await migrated.integrityCheck())
        }
    }

    @Test func headsAreReadFromTheCoveringIndexAlone() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let plan = try await cache.queryPlan(FeedCache.selectHeads, [.text(#"["\#(F.feedURL)"]"#), .integer(400)])
            #expect(plan.contains { $0.contains("COVERING INDEX entry_feed_head") }, "plan: \(plan)")
            #expect(!plan.contains { $0.contains("PRIMARY KEY") }, "plan: \(plan)")
        }
    }

    @Test func pruneProbesTheFallenOffIndex() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let plan = try await cache.queryPlan(FeedCache.pruneEntries, [.text(F.feedURL), .real(0), .integer(200)])
            #expect(
                plan.first { $0.hasPrefix("SEARCH entry") } == "SEARCH entry USING INDEX entry_fallen_off (feed_url=?)",
                "plan: \(plan)")
            // The keep_entries subquery walks one feed's heads in order, without a sort.
            #expect(plan.contains { $0.contains("COVERING INDEX entry_feed_head (feed_url=?)") }, "plan: \(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "plan: \(plan)")
        }
    }

    /// Other copies of a post are found through two indexes (schema v7), not a pass over every row.
    @Test func olderCopiesUseTheIdAndLinkKeyIndexes() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let plan = try await cache.queryPlan(
                FeedCache.selectOlderCopies,
                [.text("[]"), .real(0), .text("[]"), .text("[]")])
            #expect(plan.contains { $0.contains("USING INDEX entry_by_id") }, "plan: \(plan)")
            #expect(plan.contains { $0.contains("USING INDEX entry_by_link_key") }, "plan: \(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN entry") }, "plan: \(plan)")
        }
    }

    @Test("the coarse link key in Swift is the one SQLite computes for the index")
    func coarseLinkKeys() {
        #expect(
            FeedCache.coarseLinkKey("HTTP://WWW.Blog.Example.ORG:80/Notes/Hello/?utm_medium=rss#more")
                == "blog.example.org/notes/hello")
        #expect(FeedCache.coarseLinkKey("https://blog.example.org/notes/hello") == "blog.example.org/notes/hello")
        #expect(FeedCache.coarseLinkKey("https://[::1]:8080/x/") == "[::1]:8080/x")
        #expect(
            FeedCache.coarseLinkKey("https://ÉTÉ.example/Été") == "ÉtÉ.example/Été",
            "ASCII folding only, as SQLite's lower")
    }

    /// Links that bend every rule of the key: case, `www.`, ports, brackets, queries, fragments,
    /// trailing slashes, no scheme, several `://`, non-ASCII text.
    static let awkwardLinks = [
        "HTTP://WWW.Blog.Example.ORG:80/Notes/Hello/?utm_medium=rss#more", "https://blog.example.org",
        "https://[::1]:8080/x/", "https://[2001:DB8::1]/A//", "https://ÉTÉ.example/Été", "http://www.x/",
        "www.example.org/a?b#c", "/relative/path/", "mailto:jane@example.org", "https://a.example/?q#f/x",
        "https://user:pw@Host.Example:443/p", "https://a.example/#frag?x", "ftp://wwW.a.example:21",
        "https://a.example/p://q/", "", "///", "https://www.", "https://a.example/%7Ejane/", "https://a.example:/x",
        "https://a.example/\u{301}#x", "HTTPS://WWW.WWW.A.EXAMPLE/", "https://a.example/?", "https://a.example/#"
    ]

    /// v8 stores the key planet computes; v7 computed it in SQL. Old rows keep theirs, new rows get
    /// Swift's: the two must agree, or an old copy of a post would no longer be found.
    @Test("the coarse link key in Swift equals the one schema v7 computed in SQL")
    func coarseLinkKeyEqualsTheV7Column() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        for migration in CacheSchema.migrations.prefix(7) { try db.execute(migration) }
        try db.execute("INSERT INTO feed (url) VALUES ('\(F.feedURL)')")
        let insert = try db.statement("INSERT INTO entry (feed_url, id, first_seen, link) VALUES (?1, ?2, 0, ?3)")
        for (index, link) in Self.awkwardLinks.enumerated() {
            insert.reset()
            try insert.bind([.text(F.feedURL), .text("e\(index)"), .text(link)]).run()
        }
        let keys = try db.statement("SELECT link, link_key FROM entry").rows { ($0.text(0) ?? "", $0.text(1)) }
        #expect(keys.count == Self.awkwardLinks.count)
        for (link, key) in keys { #expect(FeedCache.coarseLinkKey(link) == key, "\(link)") }
    }

    /// A v7 cache upgrades to v8 with its keys: an older copy found by link before is found after.
    @Test func v7CacheMigratesItsLinkKeys() async throws {
        try await withDeadline {
            let path = F.temporaryPath()
            defer { F.remove(path) }
            do {
                let db = try F.olderCache(at: path, version: 7)
                try db.execute("INSERT INTO feed (url) VALUES ('\(F.feedURL)')")
                try db.execute(
                    """
                    INSERT INTO entry (feed_url, id, first_seen, published, link)
                    VALUES ('\(F.feedURL)', 'old', 1704067200, 1704067200, 'https://WWW.Blog.Example.com/Notes/Hello/')
                    """)
            }
            let cache = try FeedCache(path: path)
            #expect(try await cache.sqliteUserVersion() == CacheSchema.currentVersion)
            #expect(try await cache.indexNames().contains("entry_by_link_key"))
            let head = CachedEntry(
                feedURL: "https://aggregator.example/feed.xml",
                entry: Entry(
                    id: "urn:x:1", link: "http://blog.example.com/Notes/Hello?utm=rss",
                    published: F.t0.addingTimeInterval(F.day)),
                firstSeen: F.t0)
            let copies = try await cache.olderCopies(
                of: [head], feedURLs: [F.feedURL], notAfter: F.t0.addingTimeInterval(F.day))
            #expect(copies.map(\.entry.id) == ["old"])
            // Rows written by v8 carry the key too.
            try await cache.recordSuccess(
                feedURL: F.feedURL, feed: F.feed([F.entry("new")]), info: FetchInfo(),
                now: F.t0, retention: Retention())
            #expect(try await cache.linkKeys() == ["blog.example.com/new", "blog.example.com/Notes/Hello".lowercased()])
            #expect(try await cache.integrityCheck())
        }
    }

    /// What made v7's writes slow (Benchmarks/PERF.md): SQLite inlined the generated key columns
    /// into every statement that writes `entry`. The statements planet runs per entry stay small.
    @Test func entryWritesCompileToSmallPrograms() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            for sql in [FeedCache.upsertEntry, FeedCache.pruneEntries, FeedCache.markFallenOff] {
                let opcodes = try await cache.opcodeCount(sql)
                #expect(opcodes < 1_000, "\(opcodes) opcodes: \(sql.prefix(60))")
            }
        }
    }

    /// Heads come in the river's order, ties included: published (else first seen) newest first,
    /// then feed URL, then place in the document, then id.
    @Test func headsKeepTheRiverOrderWithTies() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let other = "https://example.net/atom.xml"
            let tie = F.t0.addingTimeInterval(3_600)
            try await cache.recordSuccess(
                feedURL: other,
                feed: F.feed([
                    F.entry("b", published: tie), F.entry("a", published: tie),
                    F.entry("undated")
                ]),
                info: FetchInfo(), now: F.t0.addingTimeInterval(7_200), retention: Retention())
            try await cache.recordSuccess(
                feedURL: F.feedURL,
                feed: F.feed([
                    F.entry("z", published: tie),
                    F.entry("old", published: F.t0)
                ]),
                info: FetchInfo(), now: F.t0, retention: Retention())
            let all = try await cache.entryHeads(feedURLs: [F.feedURL, other])
            #expect(
                all.map { "\($0.feedURL == other ? "net" : "com")/\($0.entry.id)" }
                    == ["net/undated", "com/z", "net/b", "net/a", "com/old"])
            let newest = try await cache.entryHeads(feedURLs: [F.feedURL, other], newest: 2)
            #expect(newest.map(\.entry.id) == ["undated", "z"])
            // A feed that is not asked for contributes nothing, even where it sorts first.
            #expect(try await cache.entryHeads(feedURLs: [F.feedURL]).map(\.entry.id) == ["z", "old"])
        }
    }

    @Test func notModifiedForSeveralFeedsRecordsEachAndPrunesEach() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let urls = (1...3).map { "https://feed\($0).example/feed.xml" }
            for url in urls {
                let entries = (0..<4).map { F.entry("e\($0)", published: F.t0.addingTimeInterval(Double($0) * F.day)) }
                try await cache.recordSuccess(
                    feedURL: url, feed: F.feed(entries), info: FetchInfo(etag: "\"v1\""),
                    now: F.t0, retention: Retention())
                // e0 and e1 fall off the document; they stay until retention says otherwise.
                try await cache.recordSuccess(
                    feedURL: url, feed: F.feed(Array(entries.suffix(2))),
                    info: FetchInfo(etag: "\"v1\""), now: F.t0, retention: Retention())
            }
            let later = F.t0.addingTimeInterval(90.5 * F.day)
            try await cache.recordNotModified(
                feedURLs: Array(urls.prefix(2)), now: later, retention: Retention(keepDays: 90))
            for url in urls.prefix(2) {
                let state = try #require(try await cache.state(for: url))
                #expect(state.lastStatus == 304 && state.lastSuccess == later && state.etag == "\"v1\"")
                // e0 (90.5 days old) is pruned, e1 (89.5) is kept, e2 and e3 are in the document.
                #expect(try await cache.entryHeads(feedURLs: [url]).map(\.entry.id) == ["e3", "e2", "e1"])
            }
            let untouched = try #require(try await cache.state(for: urls[2]))
            #expect(untouched.lastStatus == 200 && untouched.lastSuccess == F.t0)
            #expect(try await cache.entryHeads(feedURLs: [urls[2]]).count == 4)
            try await cache.recordNotModified(feedURLs: [], now: later, retention: Retention())
        }
    }
}

extension FeedCache {
    /// Names of the indexes in the main schema.
    func indexNames() throws -> Set<String> {
        Set(try db.statement("SELECT name FROM sqlite_schema WHERE type = 'index'").rows { $0.text(0) ?? "" })
    }

    /// `entry.link_key` of every row, in key order (NULLs left out).
    func linkKeys() throws -> [String] {
        try db.statement("SELECT link_key FROM entry WHERE link_key IS NOT NULL ORDER BY link_key").rows {
            $0.text(0) ?? ""
        }
    }

    /// How many opcodes SQLite's program for `sql` has (`EXPLAIN`).
    func opcodeCount(_ sql: String) throws -> Int {
        try db.statement("EXPLAIN " + sql).rows { _ in 1 }.count
    }

    /// The `detail` column of `EXPLAIN QUERY PLAN` for `sql` with `values` bound, in plan order.
    func queryPlan(_ sql: String, _ values: [SQLiteValue]) throws -> [String] {
        try db.statement("EXPLAIN QUERY PLAN " + sql).bind(values).rows { $0.text(3) ?? "" }
    }
}
