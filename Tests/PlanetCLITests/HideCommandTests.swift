import FeedParser
import Foundation
import PlanetFetcher
import TestSupport
import Testing

@testable import PlanetCLI
@testable import PlanetCache

/// `planet hide` takes only what names an entry of the cache (its exact link or id, as the build
/// matches them), and otherwise changes nothing and says what it accepts and where to find it.
@Suite("planet hide checks what it is given")
struct HideCommandTests {
    static let rss = """
        <rss version="2.0"><channel><title>A</title><link>https://a.org/</link>
        <item><title>One</title><link>https://a.org/posts/1</link><guid isPermaLink="false">post-1</guid></item>
        <item><title>Two</title><link>https://a.org/posts/2</link><guid isPermaLink="false">post-2</guid></item>
        </channel></rss>
        """

    /// feeds.txt and a cache holding a.org's two entries, in a new folder.
    static func planet() async throws -> URL {
        let folder = try makeFolder()
        try "https://a.org/feed  Alpha\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        try await withDeadline {
            let cache = try FeedCache(path: folder.appendingPathComponent(".planet/cache.sqlite").path)
            let feed = try Feed.parse(Data(Self.rss.utf8), url: URL(string: "https://a.org/feed")!)
            try await cache.recordSuccess(
                feedURL: "https://a.org/feed", feed: feed, info: FetchInfo(),
                now: Date(timeIntervalSince1970: 1_704_164_645), retention: Retention())
        }
        return folder
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var value: String
        /// A part of the message that says what to do.
        var advice: String
        var testDescription: String { value }
    }

    @Test(
        "a value that names no cached entry is refused with exit 2 and hides nothing",
        arguments: [
            Case(value: "garbage nonsense", advice: "'planet parse FEED --json' shows both, 'planet list' the feeds"),
            Case(value: "https://a.org/posts/3", advice: "'planet parse FEED --json' shows both"),
            Case(value: "http://www.a.org/posts/1/", advice: "an entry links 'https://a.org/posts/1': give that link"),
            Case(value: "urn:planet:0123456789abcdef", advice: "urn:planet:… ids are planet's own"),
            Case(value: "One", advice: "give an entry's link")
        ])
    func refusesWhatNamesNoEntry(_ testCase: Case) async throws {
        let folder = try await Self.planet()
        defer { removeFolder(folder) }
        let hide = await runPlanet(["hide", testCase.value], in: folder)
        #expect(hide.status == 2)
        #expect(hide.out.isEmpty)
        #expect(
            hide.err.hasPrefix("planet hide: '\(testCase.value)' is not the link or the id of an entry"), "\(hide.err)")
        #expect(hide.err.contains(testCase.advice), "\(hide.err)")
        #expect(hide.err.hasSuffix("; nothing was hidden\n"))
        let listed = await runPlanet(["list", "--hidden"], in: folder)
        #expect(listed.out.isEmpty)
    }

    @Test("an entry's exact link or id is hidden; hiding it again says so")
    func hidesByLinkOrID() async throws {
        let folder = try await Self.planet()
        defer { removeFolder(folder) }
        let byLink = await runPlanet(["hide", "https://a.org/posts/1"], in: folder)
        #expect(byLink.status == 0, "\(byLink.err)")
        #expect(byLink.out == "hid 'https://a.org/posts/1'; the next build leaves it out\n")
        let byID = await runPlanet(["hide", "post-2"], in: folder)
        #expect(byID.status == 0, "\(byID.err)")
        let again = await runPlanet(["hide", "post-2"], in: folder)
        #expect(again.status == 0)
        #expect(again.out == "'post-2' was already hidden\n")
        let listed = await runPlanet(["list", "--hidden", "--json"], in: folder)
        let values = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: String]])
        #expect(Set(values.compactMap { $0["value"] }) == ["https://a.org/posts/1", "post-2"])
    }

    @Test("without a cache, hide says to build first and creates nothing")
    func noCacheNoEntry() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        try "https://a.org/feed  Alpha\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let hide = await runPlanet(["hide", "https://a.org/posts/1"], in: folder)
        #expect(hide.status == 2)
        #expect(hide.err.contains("run 'planet build' first"), "\(hide.err)")
        let unhide = await runPlanet(["unhide", "https://a.org/posts/1"], in: folder)
        #expect(unhide.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".planet").path))
    }

    @Test("planet hide of a 100 KB string quotes a few hundred characters of it")
    func longValueIsQuotedShort() async throws {
        let folder = try await Self.planet()
        defer { removeFolder(folder) }
        let value = String(repeating: "spam ", count: 20_000)
        let hide = await runPlanet(["hide", value], in: folder)
        #expect(hide.status == 2)
        #expect(hide.err.utf8.count < 1_000, "\(hide.err.utf8.count) bytes")
        #expect(hide.err.contains("… (100000 characters)' is not the link or the id of an entry"))
    }
}
