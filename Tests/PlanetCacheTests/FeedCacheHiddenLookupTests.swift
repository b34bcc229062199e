import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

/// What `planet hide` checks a value against: the entries whose id or link is exactly it (what the
/// build hides), and the links that differ only where the coarse link key does not look.
@Suite struct FeedCacheHiddenLookupTests {
    static func cache() async throws -> FeedCache {
        let cache = try FeedCache(path: ":memory:")
        try await cache.recordSuccess(
            feedURL: CacheFixtures.feedURL,
            feed: CacheFixtures.feed([CacheFixtures.entry("a"), CacheFixtures.entry("b")]),
            info: FetchInfo(), now: CacheFixtures.t0, retention: Retention())
        return cache
    }

    @Test("an exact id or link finds its entry; anything else finds none")
    func exactIDOrLink() async throws {
        try await withDeadline {
            let cache = try await Self.cache()
            #expect(try await cache.entries(withIDOrLink: "a").map(\.entry.id) == ["a"])
            let byLink = try await cache.entries(withIDOrLink: "https://blog.example.com/b")
            #expect(byLink.map(\.entry.id) == ["b"])
            #expect(byLink.first?.feedURL == CacheFixtures.feedURL)
            #expect(byLink.first?.entry.title == "Post b")
            for value in ["c", "A", "https://blog.example.com/b/", "http://blog.example.com/b", "Post b", ""] {
                #expect(try await cache.entries(withIDOrLink: value).isEmpty, "\(value)")
            }
        }
    }

    @Test("a link that differs in scheme, www., case or a trailing slash is near its entry's link")
    func nearLinks() async throws {
        try await withDeadline {
            let cache = try await Self.cache()
            for value in [
                "http://www.blog.example.com/b/", "HTTPS://BLOG.example.com/b", "https://blog.example.com/b#x"
            ] {
                #expect(try await cache.links(near: value) == ["https://blog.example.com/b"], "\(value)")
            }
            #expect(try await cache.links(near: "https://blog.example.com/b").isEmpty)
            #expect(try await cache.links(near: "https://blog.example.com/c").isEmpty)
        }
    }
}
