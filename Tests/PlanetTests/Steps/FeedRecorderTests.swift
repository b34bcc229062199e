import FeedParser
import Foundation
import PlanetCache
import PlanetFetcher
import PlanetSubscriptions
import TestSupport
import Testing

@testable import Planet

/// The recorder on its own (`FeedRecorder`), fed outcomes as `BuildRun.fetchAndRecord` feeds it,
/// against the cache of a `StepsPlanet`: what it writes when, and its one rule for a 304.
@Suite("Steps: the feed recorder")
struct FeedRecorderTests {
    static let now = UnchangedSiteTests.now

    /// The run of `planet` at `now` (the steps of `PlanetBuild.run` up to the cache), its one
    /// subscription, and the cache's states as the recorder would be given them.
    static func start(_ planet: StepsPlanet, at now: Date) async throws -> (
        BuildRun, Subscription, [FeedKey: FeedState]
    ) {
        let options = planet.options(at: now)
        let list = try PlanetBuild.loadList(options.configURL)
        let (run, _) = try PlanetBuild.openCache(options, list: list)
        let subscription = try #require(list.subscriptions.first)
        let states = try await run.cache.allStates()
        return (run, subscription, Dictionary(uniqueKeysWithValues: states.map { ($0.key, $0) }))
    }

    /// The planet's one feed, parsed as a fetch would give it.
    static func parsed(_ planet: StepsPlanet, etag: String? = nil) throws -> FeedOutcome {
        let feed = try Feed.parse(Data(contentsOf: planet.feed), url: planet.feed, sanitizing: .deferred)
        return .parsed(feed, FetchInfo(etag: etag))
    }

    @Test("a 304 for a feed the cache has no copy of is a failure, recorded at once")
    func notModifiedWithoutCopy() async throws {
        let planet = try StepsPlanet()
        try await withDeadline {
            let (run, subscription, known) = try await Self.start(planet, at: Self.now)
            #expect(known.isEmpty)
            var recorder = FeedRecorder(run: run, known: known, total: 1)
            try await recorder.take(.notModified(permanentRedirect: nil), seconds: 0.1, of: subscription)
            // Before `close`: a failure is in the cache as soon as it is taken.
            let state = try #require(try await run.cache.state(for: subscription.key.string))
            #expect(state.failureStreak == 1)
            #expect(state.lastSuccess == nil)
            let fetched = try await recorder.close()
            let failure = try #require(fetched.outcomes[subscription.key]?.failure)
            #expect(failure.status == 304)
            #expect(failure.message.hasSuffix("HTTP 304 but no cached copy"))
            #expect(fetched.states[subscription.key]?.failureStreak == 1)
        }
    }

    @Test("a parsed document waits for its batch; close records it, its entries, and keeps only the head")
    func documentRecordedAtClose() async throws {
        let planet = try StepsPlanet()
        try await withDeadline {
            let (run, subscription, known) = try await Self.start(planet, at: Self.now)
            var recorder = FeedRecorder(run: run, known: known, total: 1)
            try await recorder.take(try Self.parsed(planet, etag: "\"a\""), seconds: 0.2, of: subscription)
            #expect(try await run.cache.state(for: subscription.key.string) == nil)
            let fetched = try await recorder.close()
            let state = try #require(fetched.states[subscription.key])
            #expect(state.lastSuccess == Self.now)
            #expect(state.etag == "\"a\"")
            #expect(fetched.outcomes[subscription.key]?.feed?.entries.isEmpty == true)
            #expect(fetched.outcomes[subscription.key]?.feed?.title == "Local")
            let facts = try await run.cache.entryFacts()
            #expect(facts[subscription.key.string]?.kept == 1)
            #expect(try await run.cache.fetchTimes()[subscription.key.string] == 0.2)
        }
    }

    @Test("a 304 with a copy is current: validators it carries replace the stored ones, the others stay")
    func notModifiedWithCopy() async throws {
        let planet = try StepsPlanet()
        try await withDeadline {
            let (run, subscription, known) = try await Self.start(planet, at: Self.now)
            var first = FeedRecorder(run: run, known: known, total: 1)
            try await first.take(try Self.parsed(planet, etag: "\"a\""), seconds: 0.1, of: subscription)
            let recorded = try await first.close()

            let later = Self.now + 3_600
            let (next, _, knownNow) = try await Self.start(planet, at: later)
            #expect(knownNow[subscription.key]?.etag == "\"a\"")
            var second = FeedRecorder(run: next, known: knownNow, total: 1)
            let validators = FetchValidators(etag: "\"b\"", lastModified: nil)
            try await second.take(
                .notModified(permanentRedirect: nil, validators: validators), seconds: 0.1, of: subscription)
            let fetched = try await second.close()
            guard case .notModified? = fetched.outcomes[subscription.key] else {
                Issue.record("expected a current 304, got \(String(describing: fetched.outcomes[subscription.key]))")
                return
            }
            #expect(fetched.states[subscription.key]?.etag == "\"b\"")
            let stored = try #require(try await next.cache.state(for: subscription.key.string))
            #expect(stored.etag == "\"b\"")
            #expect(stored.failureStreak == 0)
            #expect(recorded.states[subscription.key]?.lastSuccess == Self.now)
            #expect(stored.lastSuccess == later)
            #expect(stored.lastStatus == 304)
            #expect(try await next.cache.entryFacts()[subscription.key.string]?.kept == 1)
        }
    }
}
