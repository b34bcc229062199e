import FeedParser
import Foundation
import Planet
import PlanetFetcher
import PlanetSubscriptions
import TestSupport
import Testing

@testable import PlanetCLI
@testable import PlanetCache

/// `planet list` with what the cache knows: status, last success, entry count.
@Suite("planet list with the cache")
struct ListCommandTests {
    static let rss = """
        <rss version="2.0"><channel><title>A</title><link>https://a.org/</link>
        <item><title>1</title><guid>1</guid></item><item><title>2</title><guid>2</guid></item>
        <item><title>3</title><guid>3</guid></item></channel></rss>
        """

    /// A cache at `path` where a.org succeeded (3 entries) then failed twice, b.org is gone and
    /// moved, and c.org never was fetched.
    static func makeCache(_ path: String) async throws {
        let cache = try FeedCache(path: path)
        let feed = try Feed.parse(Data(rss.utf8), url: URL(string: "https://a.org/feed")!)
        let success = Date(timeIntervalSince1970: 1_704_164_645)  // 2024-01-02T03:04:05Z
        try await cache.recordSuccess(
            feedURL: "https://a.org/feed", feed: feed, info: FetchInfo(), now: success,
            retention: Retention())
        let timeout = FetchFailure(
            kind: .timeout, url: URL(string: "https://a.org/feed")!,
            message: "'https://a.org/feed': no complete answer within 30 s")
        for hour in 1...2 {
            try await cache.recordFailure(
                feedURL: "https://a.org/feed", failure: timeout,
                now: success.addingTimeInterval(Double(hour) * 3600))
        }
        let gone = FetchFailure(
            kind: .httpError, url: URL(string: "https://b.org/feed")!, status: 410,
            message: "'https://b.org/feed': HTTP 410 Gone")
        try await cache.recordFailure(feedURL: "https://b.org/feed", failure: gone, now: success)
    }

    @Test func showsStatusLastSuccessAndEntriesFromTheCache() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "https://a.org/feed  Alpha\nhttps://b.org/feed  Beta\nhttps://c.org/feed\n"
            .write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        try await withDeadline {
            try await Self.makeCache(folder.appendingPathComponent(".planet/cache.sqlite").path)
        }
        let listed = await runPlanet(["list"], in: folder)
        #expect(listed.status == 0)
        #expect(
            listed.out == """
                NAME   URL                 STATUS                      LAST SUCCESS          ENTRIES
                Alpha  https://a.org/feed  failing (timeout, 2 times)  2024-01-02T03:04:05Z  3
                Beta   https://b.org/feed  gone (HTTP 410)             -                     0
                       https://c.org/feed  never fetched               -                     0

                """)
        let json = await runPlanet(["list", "--json"], in: folder)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(array.map { $0["status"] as? String } == ["failing", "gone", "never-fetched"])
        #expect(array.map { $0["entries"] as? Int } == [3, 0, 0])
        #expect(array[0]["last_success"] as? String == "2024-01-02T03:04:05Z")
        #expect(array[0]["error"] as? String == "timeout: 'https://a.org/feed': no complete answer within 30 s")
        #expect(array[2]["last_success"] is NSNull)
    }

    @Test func aCacheElsewhereIsNamedWithCacheAndAMissingOneIsNotCreated() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "https://a.org/feed  Alpha\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        try await withDeadline {
            try await Self.makeCache(folder.appendingPathComponent("elsewhere.sqlite").path)
        }
        let named = await runPlanet(["list", "--json", "--cache", "elsewhere.sqlite"], in: folder)
        #expect(named.out.contains("\"entries\" : 3"))
        let missing = await runPlanet(["list", "--cache", "nope/cache.sqlite"], in: folder)
        #expect(missing.status == 0)
        #expect(missing.out.contains("never fetched"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nope").path))
    }

    @Test("list reads an older planet's cache without migrating or writing it; an empty file is no cache")
    func listNeverWritesTheCache() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "https://a.org/feed  Alpha\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("old.sqlite").path
        try await withDeadline {
            try await Self.makeCache(path)
            // Make it look like a v2 cache (what the planet before schema v3 wrote).
            let db = try SQLiteDatabase(path: path)
            try db.execute("DROP INDEX entry_feed_head; DROP INDEX entry_fallen_off; PRAGMA user_version = 2")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let listed = await runPlanet(["list", "--json", "--cache", "old.sqlite"], in: folder)
        #expect(listed.status == 0)
        #expect(listed.out.contains("\"entries\" : 3"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // A reader of a WAL database may leave an empty -wal and a -shm; nothing goes into them.
        #expect(((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0) == 0)

        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("empty.sqlite").path, contents: Data())
        let empty = await runPlanet(["list", "--cache", "empty.sqlite"], in: folder)
        #expect(empty.status == 0)
        #expect(empty.out.contains("never fetched"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("empty.sqlite")).isEmpty)
    }

    @Test("list --hidden --json prints the hidden entries as a JSON array, [] without a cache")
    func hiddenAsJSON() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "https://a.org/feed  Alpha\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let none = await runPlanet(["list", "--hidden", "--json"], in: folder)
        #expect(none.status == 0)
        #expect(none.out == "[]\n")
        let noneText = await runPlanet(["list", "--hidden"], in: folder)
        #expect(noneText.status == 0)
        #expect(noneText.out == "")
        #expect(noneText.err.contains("nothing is hidden"), "\(noneText.err)")
        try await withDeadline {
            let path = folder.appendingPathComponent(".planet/cache.sqlite").path
            try await Self.makeCache(path)
            let cache = try FeedCache(path: path)
            try await cache.hide("https://a.org/2", now: Date(timeIntervalSince1970: 1_704_164_645))
            try await cache.hide("1", now: Date(timeIntervalSince1970: 1_704_164_700))
        }
        let json = await runPlanet(["list", "--hidden", "--json"], in: folder)
        #expect(json.status == 0, "\(json.err)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: String]])
        #expect(
            array == [
                ["value": "https://a.org/2", "hidden_at": "2024-01-02T03:04:05Z"],
                ["value": "1", "hidden_at": "2024-01-02T03:05:00Z"]
            ])
        #expect(json.out.contains("\"value\" : \"https://a.org/2\""), "slashes unescaped, as list --json")
        let text = await runPlanet(["list", "--hidden"], in: folder)
        #expect(text.out == "https://a.org/2  2024-01-02T03:04:05Z\n1  2024-01-02T03:05:00Z\n")
    }

    @Test("list shows the feeds of reading lists from the cache, marked with their list, and fetches nothing")
    func readingListFeedsFromTheCache() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try await withDeadline {
            // The lists are served: listing must not ask for them (nor for their feeds).
            let server = try await LoopbackServer.start([
                "/people.opml": .ok(Data("<opml version=\"2.0\"><body/></opml>".utf8)),
                "/unread.opml": .ok(Data("<opml version=\"2.0\"><body/></opml>".utf8))
            ])
            let people = server.url(for: "/people.opml")
            let unread = server.url(for: "/unread.opml")
            try "https://a.org/feed  Alpha\nlist \(people.absoluteString)\nlist \(unread.absoluteString)\n"
                .write(to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
            let path = folder.appendingPathComponent(".planet/cache.sqlite").path
            try await Self.makeCache(path)
            let cache = try FeedCache(path: path)
            // a.org is feeds.txt's own (it keeps its line); d.org was fetched; e.org has no title.
            try await cache.recordReadingList(
                people.absoluteString,
                feeds: [
                    ListedFeed(url: "https://a.org/feed", title: "Alpha again"),
                    ListedFeed(url: "https://d.org/feed", title: "Delta"),
                    ListedFeed(url: "https://e.org/feed", title: nil)
                ], validators: FetchValidators(), now: Date(timeIntervalSince1970: 1_704_164_645))
            let feed = try Feed.parse(Data(Self.rss.utf8), url: URL(string: "https://d.org/feed")!)
            try await cache.recordSuccess(
                feedURL: "https://d.org/feed", feed: feed, info: FetchInfo(),
                now: Date(timeIntervalSince1970: 1_704_164_645), retention: Retention())

            let listed = await runPlanet(["list"], in: folder)
            #expect(listed.status == 0, "\(listed.err)")
            let list = people.absoluteString
            #expect(
                listed.out == """
                    NAME   URL                 STATUS                      LAST SUCCESS          ENTRIES  READING LIST
                    Alpha  https://a.org/feed  failing (timeout, 2 times)  2024-01-02T03:04:05Z  3        -
                    Delta  https://d.org/feed  ok                          2024-01-02T03:04:05Z  3        \(list)
                           https://e.org/feed  never fetched               -                     0        \(list)

                    """)
            #expect(
                listed.err
                    == "planet list: feeds.txt:3: reading list '\(unread.absoluteString)' has not been read yet; "
                    + "'planet build' fetches it, then its feeds are listed\n")

            let json = await runPlanet(["list", "--json"], in: folder)
            let array = try #require(
                try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
            #expect(
                array.map { $0["url"] as? String } == ["https://a.org/feed", "https://d.org/feed", "https://e.org/feed"]
            )
            #expect(array.map { $0["reading_list"] as? String } == [nil, list, list])
            #expect(array[0]["reading_list"] is NSNull)
            #expect(array.map { $0["line"] as? Int } == [1, 2, 2])
            #expect(array.map { $0["status"] as? String } == ["failing", "ok", "never-fetched"])
            #expect(array[1]["name"] as? String == "Delta")
            #expect(server.requests.isEmpty)
            await server.stop()
        }
    }
}
