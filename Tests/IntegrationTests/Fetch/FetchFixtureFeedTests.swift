import FeedParser
import Foundation
import Planet
import PlanetFetcher
import PlanetSubscriptions
import TestSupport
import Testing

/// A 20-item RSS 2.0 fixture served over loopback HTTP is fetched and parsed whole.
@Suite("Fetch: fixture feed over loopback")
struct FetchFixtureFeedTests {
    @Test("fetchAll returns the served bytes, status, type and final URL")
    func fetchesFixture() async throws {
        let feed = try FetchFixtures.data("rss20-20items.xml")
        try await withDeadline {
            let server = try await LoopbackServer.start(["/feed.xml": .ok(feed)])
            let url = server.url(for: "/feed.xml")
            let results = await Fetcher(FetcherConfiguration(timeout: 5)).fetchAll([Subscription(url: url)])
            await server.stop()
            #expect(results.count == 1)
            guard case .fetched(let document) = try #require(results.first).outcome else {
                Issue.record("not fetched: \(String(describing: results.first?.outcome))")
                return
            }
            #expect(document.data == feed)
            #expect(document.status == 200)
            #expect(document.finalURL == url)
            #expect(document.contentType == "application/rss+xml; charset=utf-8")
        }
    }

    @Test("the fetched fixture parses to 20 entries with the right titles, links and dates")
    func parsesFixture() async throws {
        let feed = try FetchFixtures.data("rss20-20items.xml")
        let expected = try FetchFixtures.expectedItems()
        try #require(expected.count == 20)
        try await withDeadline {
            let server = try await LoopbackServer.start(["/feed.xml": .ok(feed)])
            let result = await Fetcher(FetcherConfiguration(timeout: 5))
                .fetch(Subscription(url: server.url(for: "/feed.xml")))
            await server.stop()
            guard case .fetched(let document) = result.outcome else {
                Issue.record("not fetched: \(result.outcome)")
                return
            }
            let parsed = try Feed.parse(document.data, url: document.finalURL, contentType: document.contentType)
            #expect(parsed.format == .rss20)
            #expect(parsed.title == "Jane's Notes")
            let actual = parsed.entries.map { entry in
                FetchFixtures.ExpectedItem(
                    title: entry.title ?? "", link: entry.link ?? "",
                    published: entry.published.map(Self.rfc3339) ?? "")
            }
            #expect(actual == expected)
        }
    }

    private static func rfc3339(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()  // UTC, "2024-03-20T09:30:00Z"
        return formatter.string(from: date)
    }
}
