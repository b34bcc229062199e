import FeedParser
import Foundation
import TestSupport
import Testing

@testable import PlanetCache

@Suite("FeedCache retention")
struct FeedCacheRetentionTests {
    typealias F = CacheFixtures

    /// Run 1 at t0 stores `first` (id, published days relative to t0 or nil); run 2 at t0 + `laterDays`
    /// stores `second`; `expected` ids remain.
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var retention: Retention
        var first: [(String, Double?)]
        var second: [String]
        var laterDays: Double
        var expected: Set<String>
    }

    static let cases: [Case] = [
        Case(
            testDescription: "fallen off and older than keep_days: pruned",
            retention: Retention(keepDays: 90, keepEntries: 200),
            first: [("old", -100), ("new", -1)], second: ["new"], laterDays: 0, expected: ["new"]),
        Case(
            testDescription: "fallen off within keep_days: kept",
            retention: Retention(keepDays: 90, keepEntries: 200),
            first: [("a", -80), ("b", -1)], second: ["b"], laterDays: 0, expected: ["a", "b"]),
        Case(
            testDescription: "still in the document, however old: kept",
            retention: Retention(keepDays: 90, keepEntries: 200),
            first: [("ancient", -1_000)], second: ["ancient"], laterDays: 0, expected: ["ancient"]),
        Case(
            testDescription: "keep_entries keeps the newest, document entries count",
            retention: Retention(keepDays: 90, keepEntries: 3),
            first: [("e1", -5), ("e2", -4), ("e3", -3), ("e4", -2)], second: ["e5"], laterDays: 0,
            expected: ["e5", "e4", "e3"]),
        Case(
            testDescription: "document entries beyond keep_entries are never pruned",
            retention: Retention(keepDays: 90, keepEntries: 1),
            first: [("e1", -5), ("e2", -4)], second: ["e1", "e2"], laterDays: 0, expected: ["e1", "e2"]),
        Case(
            testDescription: "undated entry ages by first seen",
            retention: Retention(keepDays: 30, keepEntries: 200),
            first: [("undated", nil)], second: [], laterDays: 31, expected: []),
        Case(
            testDescription: "undated entry within keep_days by first seen: kept",
            retention: Retention(keepDays: 30, keepEntries: 200),
            first: [("undated", nil)], second: [], laterDays: 29, expected: ["undated"]),
        Case(
            testDescription: "keep_entries 0 drops every fallen-off entry",
            retention: Retention(keepDays: 90, keepEntries: 0),
            first: [("a", -1), ("b", -1)], second: ["b"], laterDays: 0, expected: ["b"])
    ]

    @Test(arguments: cases)
    func retention(_ testCase: Case) async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let first = testCase.first.map { id, days in
                F.entry(id, published: days.map { F.t0.addingTimeInterval($0 * F.day) })
            }
            try await cache.recordSuccess(
                feedURL: F.feedURL, feed: F.feed(first), info: FetchInfo(), now: F.t0,
                retention: testCase.retention)
            let second = testCase.second.map { id in first.first { $0.id == id } ?? F.entry(id, published: F.t0) }
            try await cache.recordSuccess(
                feedURL: F.feedURL, feed: F.feed(second), info: FetchInfo(),
                now: F.t0.addingTimeInterval(testCase.laterDays * F.day),
                retention: testCase.retention)
            let cached = try await cache.entries(feedURLs: [F.feedURL])
            #expect(Set(cached.map(\.entry.id)) == testCase.expected)
            #expect(cached.allSatisfy { $0.inDocument == testCase.second.contains($0.entry.id) })
            #expect(try await cache.entryCounts()[F.feedURL, default: 0] == testCase.expected.count)
        }
    }

    @Test func failureNeverPrunes() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            try await cache.recordSuccess(
                feedURL: F.feedURL, feed: F.feed([F.entry("a", published: F.t0)]),
                info: FetchInfo(), now: F.t0, retention: Retention())
            try await cache.recordSuccess(
                feedURL: F.feedURL, feed: F.feed([]), info: FetchInfo(), now: F.t0,
                retention: Retention())
            try await cache.recordFailure(
                feedURL: F.feedURL, failure: F.failure(.timeout),
                now: F.t0.addingTimeInterval(1_000 * F.day))
            #expect(try await cache.entries(feedURLs: [F.feedURL]).map(\.entry.id) == ["a"])
        }
    }

    @Test func notModifiedPrunesEntriesThatFellOffEarlier() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let a = F.entry("a", published: F.t0)
            let b = F.entry("b", published: F.t0.addingTimeInterval(-F.day))
            try await cache.recordSuccess(
                feedURL: F.feedURL, feed: F.feed([a, b]), info: FetchInfo(), now: F.t0,
                retention: Retention())
            try await cache.recordSuccess(
                feedURL: F.feedURL, feed: F.feed([a]), info: FetchInfo(), now: F.t0,
                retention: Retention())
            try await cache.recordNotModified(
                feedURL: F.feedURL, now: F.t0.addingTimeInterval(95 * F.day),
                retention: Retention(keepDays: 90))
            #expect(try await cache.entries(feedURLs: [F.feedURL]).map(\.entry.id) == ["a"])
        }
    }

    @Test func entriesOfSeveralFeedsAreMergedNewestFirst() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let other = "https://example.net/atom.xml"
            try await cache.recordSuccess(
                feedURL: F.feedURL, feed: F.feed([F.entry("x", published: F.t0)]),
                info: FetchInfo(), now: F.t0, retention: Retention())
            try await cache.recordSuccess(
                feedURL: other, feed: F.feed([F.entry("y", published: F.t0.addingTimeInterval(60))]),
                info: FetchInfo(), now: F.t0, retention: Retention())
            let both = try await cache.entries(feedURLs: [F.feedURL, other])
            #expect(both.map(\.entry.id) == ["y", "x"])
            #expect(both.map(\.feedURL) == [other, F.feedURL])
            #expect(try await cache.entries(feedURLs: [other]).map(\.entry.id) == ["y"])
        }
    }
}
