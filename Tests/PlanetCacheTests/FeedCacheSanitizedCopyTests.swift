import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

/// An entry shown once keeps its sanitized summary and content beside the raw HTML, stamped with
/// `HTMLSanitizer.version`: later builds reuse the copy instead of sanitizing the raw HTML again
/// (a hostile entry is paid for once), and a new sanitizer version or new raw HTML makes a new copy.
@Suite("FeedCache sanitized copies")
struct FeedCacheSanitizedCopyTests {
    static let key = EntryKey(feedURL: CacheFixtures.feedURL, id: "https://blog.example.com/1")

    static func feed(_ html: String) throws -> Feed {
        let document = """
            <rss version="2.0"><channel><title>T</title><link>https://blog.example.com/</link>
            <item><guid>https://blog.example.com/1</guid><title>One</title>
            <description><![CDATA[\(html)]]></description></item></channel></rss>
            """
        return try Feed.parse(Data(document.utf8), url: URL(string: CacheFixtures.feedURL), sanitizing: .deferred)
    }

    @Test func shownEntryKeepsItsSanitizedCopyUntilTheHTMLOrTheVersionChanges() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: CacheFixtures.feedURL, feed: try Self.feed("<p>One<script>x</script></p>"),
                info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
            #expect(try await cache.entries(keys: [Self.key]).first?.entry.summary == "<p>One</p>")
            #expect(try await cache.cleanCopy() == CleanCopy(summary: "<p>One</p>", version: HTMLSanitizer.version))

            // The raw column changed behind the cache's back: the stored copy is what comes out, so the
            // raw HTML was not sanitized again.
            try await cache.setRawSummary("<p>Changed</p>")
            #expect(try await cache.entries(keys: [Self.key]).first?.entry.summary == "<p>One</p>")

            // Another sanitizer version: the raw HTML is sanitized again and the copy replaced.
            try await cache.setCleanVersion(HTMLSanitizer.version - 1)
            #expect(try await cache.entries(keys: [Self.key]).first?.entry.summary == "<p>Changed</p>")
            #expect(try await cache.cleanCopy() == CleanCopy(summary: "<p>Changed</p>", version: HTMLSanitizer.version))

            // The feed changes the entry's HTML: the copy is dropped and made anew.
            try await cache.recordSuccess(
                feedURL: CacheFixtures.feedURL, feed: try Self.feed("<p>New</p>"),
                info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
            #expect(try await cache.cleanCopy()?.version == nil)
            #expect(try await cache.entries(keys: [Self.key]).first?.entry.summary == "<p>New</p>")
            // Unchanged HTML keeps the copy.
            try await cache.recordSuccess(
                feedURL: CacheFixtures.feedURL, feed: try Self.feed("<p>New</p>"),
                info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
            #expect(try await cache.cleanCopy() == CleanCopy(summary: "<p>New</p>", version: HTMLSanitizer.version))
        }
    }
}

struct CleanCopy: Equatable {
    var summary: String?
    var version: Int?
}

extension FeedCache {
    func cleanCopy() throws -> CleanCopy? {
        try db.statement("SELECT clean_summary, clean_version FROM entry").rows {
            CleanCopy(summary: $0.text(0), version: $0.optionalInt(1))
        }.first
    }

    func setRawSummary(_ html: String) throws {
        try db.statement("UPDATE entry SET summary = ?1").bind([.text(html)]).run()
    }

    func setCleanVersion(_ version: Int) throws {
        try db.statement("UPDATE entry SET clean_version = ?1").bind([.integer(version)]).run()
    }
}

/// The sanitized copy is stamped with the settings that change it (`EntryHTMLOptions.stamp`):
/// changing `min_heading` or `keep_tracking` makes it anew, going back does too.
@Suite("FeedCache sanitized copies follow the settings")
struct FeedCacheSanitizedOptionsTests {
    @Test func changingASettingMakesTheCopyAnew() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: CacheFixtures.feedURL, feed: try FeedCacheSanitizedCopyTests.feed("<h1>Top</h1>"),
                info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
            let key = FeedCacheSanitizedCopyTests.key
            #expect(try await cache.entries(keys: [key]).first?.entry.summary == "<h1>Top</h1>")
            let demoted = EntryHTMLOptions(minimumHeading: 3)
            #expect(try await cache.entries(keys: [key], options: demoted).first?.entry.summary == "<h3>Top</h3>")
            #expect(try await cache.cleanCopy() == CleanCopy(summary: "<h3>Top</h3>", version: demoted.stamp))
            #expect(try await cache.entries(keys: [key]).first?.entry.summary == "<h1>Top</h1>")
            #expect(try await cache.cleanCopy()?.version == HTMLSanitizer.version)
        }
    }

    @Test func everyCombinationHasItsOwnStamp() {
        var stamps: Set<Int> = []
        for level in 1...6 {
            for drops in [true, false] {
                stamps.insert(EntryHTMLOptions(dropsTracking: drops, minimumHeading: level).stamp)
            }
        }
        #expect(stamps.count == 12)
        #expect(EntryHTMLOptions.standard.stamp == HTMLSanitizer.version)
    }
}
