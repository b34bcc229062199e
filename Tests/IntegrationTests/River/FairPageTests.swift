import Foundation
import Planet
import TestSupport
import Testing

/// A planet of real feeds (Fixtures/corpus, copied from the shared corpus with their MANIFEST
/// rows) served over loopback HTTP: one feed, however prolific or undated, cannot take the page.
@Suite("planet build: a fair page of real feeds")
struct FairPageTests {
    static func corpus() throws -> [(name: String, data: Data)] {
        let folder = try #require(Bundle.module.resourceURL?.appendingPathComponent("Fixtures/corpus"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.sorted()
        return try names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    /// The feed names of the entries on the page, in order (`<p class="entry-feed">` of the
    /// default entry partial).
    static func entryFeeds(_ page: String) -> [String] {
        page.components(separatedBy: "<p class=\"entry-feed\">").dropFirst().map { chunk in
            String(chunk.prefix { $0 != "\n" })
        }
    }

    @Test("the first page of the corpus planet shows at least 10 feeds, and heise at most items_per_feed")
    func corpusPlanetShowsManyFeeds() async throws {
        try await withDeadline {
            let files = try Self.corpus()
            #expect(files.count >= 40)
            var routes: [String: LoopbackRoute] = [:]
            for file in files {
                routes["/" + file.name] = .ok(
                    file.data,
                    contentType: file.name.hasSuffix(".json")
                        ? "application/feed+json" : "application/xml")
            }
            let server = try await LoopbackServer.start(routes)
            let planet = try CronPlanet(feeds: files.map { (server.url(for: "/" + $0.name), $0.name) })
            defer { planet.remove() }
            let run = await planet.build()
            #expect(run.status == 0, "\(run.err)")
            let feeds = Self.entryFeeds(try planet.read("index.html"))
            #expect(feeds.count == 60)
            #expect(Set(feeds).count >= 10, "\(Set(feeds).sorted())")
            let counts = Dictionary(feeds.map { ($0, 1) }, uniquingKeysWith: +)
            #expect(counts.values.allSatisfy { $0 <= 10 }, "\(counts)")
            #expect(feeds.filter { $0.contains("heise") }.count <= 10)
            // Faces where the feeds give an image (RSS <image>, Atom logo/icon, JSON Feed icon).
            let page = try planet.read("index.html")
            #expect(page.contains("<img class=\"face\" src=\"http"))
            #expect(page.contains("loading=\"lazy\""))
            await server.stop()
        }
    }

    @Test("new_feed_items = 2: a new feed shows its newest two entries; the rest are kept as seen, not shown")
    func newFeedItems() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/big.xml": .ok(rssFeed("big", count: 8, dated: false)),
                "/small.xml": .ok(rssFeed("small", count: 3))
            ])
            let planet = try CronPlanet(
                feeds: [
                    (server.url(for: "/big.xml"), "Big"),
                    (server.url(for: "/small.xml"), "Small")
                ],
                settings: ["new_feed_items = 2", "items_per_page = 5"])
            defer { planet.remove() }
            #expect(await planet.build().status == 0)
            let feeds = Self.entryFeeds(try planet.read("index.html"))
            // Two new entries of each feed, and nothing of the backlog, though the page has room.
            #expect(feeds.count == 4, "\(feeds)")
            #expect(feeds.prefix(4).filter { $0.contains(">Big<") }.count == 2, "\(feeds)")
            #expect(feeds.prefix(4).filter { $0.contains(">Small<") }.count == 2, "\(feeds)")
            let page = try planet.read("index.html")
            // Undated entries keep the document's order: post 1 before post 2.
            let first = try #require(page.range(of: "big post 1<"))
            let second = try #require(page.range(of: "big post 2<"))
            #expect(first.lowerBound < second.lowerBound)
            await server.stop()
        }
    }
}
