import FeedParser
import Foundation
import PlanetCache
import TestSupport
import Testing

/// When a feed is next due (issue 25, server hints for polling): the earliest of its server's
/// hints after its last success, at most a day out; its `poll_interval` instead when set; every
/// build after a failure or without a hint. Clocks are fixed instants, as `planet build --now`.
@Suite("FeedState: the next fetch")
struct FeedStateScheduleTests {
    /// 2026-12-04T16:00:00Z: the last success.
    static let fetched = Date(timeIntervalSince1970: 1_796_400_000)

    static func state(stated: TimeInterval? = nil, freshFor: TimeInterval? = nil) -> FeedState {
        var state = FeedState(
            url: "https://a.example/feed", lastAttempt: fetched, lastSuccess: fetched, lastStatus: 200)
        state.statedInterval = stated
        state.freshFor = freshFor
        return state
    }

    @Test func noHintIsEveryBuild() {
        #expect(Self.state().scheduledFetch(pollInterval: nil) == nil)
        #expect(!Self.state().isWaiting(now: Self.fetched.addingTimeInterval(1), pollInterval: nil))
    }

    @Test(
        "the earliest hint, counted from the last success",
        arguments: [
            (3_600.0, nil, 3_600.0), (nil, 7_200.0, 7_200.0), (86_400.0, 1_800.0, 1_800.0), (600.0, 3_600.0, 600.0)
        ] as [(Double?, Double?, Double)])
    func earliestHint(_ stated: Double?, _ freshFor: Double?, _ after: Double) {
        #expect(
            Self.state(stated: stated, freshFor: freshFor).scheduledFetch(pollInterval: nil)
                == Self.fetched.addingTimeInterval(after))
    }

    @Test func aHintIsBoundedToADay() {
        #expect(
            Self.state(stated: 604_800).scheduledFetch(pollInterval: nil)
                == Self.fetched.addingTimeInterval(FeedState.longestHintedWait))
        #expect(FeedState.longestHintedWait == 86_400)
    }

    @Test func pollIntervalOverridesTheHints() {
        let state = Self.state(stated: 86_400, freshFor: 600)
        #expect(state.scheduledFetch(pollInterval: 1_800) == Self.fetched.addingTimeInterval(1_800))
        #expect(Self.state().scheduledFetch(pollInterval: 10_800) == Self.fetched.addingTimeInterval(10_800))
        // The admin's interval is not bounded by the hints' day.
        #expect(Self.state().scheduledFetch(pollInterval: 172_800) == Self.fetched.addingTimeInterval(172_800))
    }

    @Test func aFailingOrGoneOrNeverFetchedFeedIsDue() {
        var failing = Self.state(stated: 3_600)
        failing.failureStreak = 1
        #expect(failing.scheduledFetch(pollInterval: 3_600) == nil)
        var gone = Self.state(stated: 3_600)
        gone.gone = true
        #expect(gone.scheduledFetch(pollInterval: nil) == nil)
        let never = FeedState(url: "https://a.example/feed", lastAttempt: Self.fetched)
        #expect(never.scheduledFetch(pollInterval: 3_600) == nil)
    }

    @Test("waiting until the next fetch, less a minute of slack")
    func waiting() {
        let state = Self.state(stated: 3_600)
        #expect(state.isWaiting(now: Self.fetched.addingTimeInterval(600), pollInterval: nil))
        #expect(state.isWaiting(now: Self.fetched.addingTimeInterval(3_539), pollInterval: nil))
        // A cron run on the hour whose build time fell a few seconds after the last one's.
        #expect(!state.isWaiting(now: Self.fetched.addingTimeInterval(3_595), pollInterval: nil))
        #expect(!state.isWaiting(now: Self.fetched.addingTimeInterval(3_600), pollInterval: nil))
        #expect(!state.isWaiting(now: Self.fetched.addingTimeInterval(90_000), pollInterval: nil))
        // A hint shorter than the cron's cadence: due at the next build.
        #expect(!Self.state(stated: 300).isWaiting(now: Self.fetched.addingTimeInterval(600), pollInterval: nil))
    }

    @Test("the cache keeps the schedule; a changed next fetch raises the content version")
    func recorded() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let url = "https://a.example/feed"
            try await cache.recordSuccess(
                feedURL: url, feed: Feed(format: .rss20, title: "A"), info: FetchInfo(), now: Self.fetched,
                retention: Retention(keepDays: 90, keepEntries: 200))
            let next = Self.fetched.addingTimeInterval(3_600)
            let before = try await cache.contentVersion()
            try await cache.recordSchedules(
                [url: FeedCache.FetchSchedule(statedInterval: 3_600, freshFor: 7_200, nextFetch: next)])
            let state = try #require(try await cache.state(for: url))
            #expect(state.statedInterval == 3_600 && state.freshFor == 7_200 && state.nextFetch == next)
            let recorded = try await cache.contentVersion()
            #expect(recorded > before)
            try await cache.recordSchedules(
                [url: FeedCache.FetchSchedule(statedInterval: 3_600, freshFor: 7_200, nextFetch: next)])
            #expect(try await cache.contentVersion() == recorded)
            try await cache.recordSchedules([url: FeedCache.FetchSchedule()])
            #expect(try await cache.state(for: url)?.nextFetch == nil)
        }
    }
}
