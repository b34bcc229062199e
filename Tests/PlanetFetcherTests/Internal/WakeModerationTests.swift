import Testing

@testable import PlanetFetcher

/// The engine's interrupt moderation (`WakeModeration`): a pause only while wake-ups are dense,
/// a part of how long transfers take, never on loopback-fast transfers.
@Suite("Fetch: the engine's wake-up moderation")
struct WakeModerationTests {
    @Test("no pause before any transfer ended, nor when transfers take a millisecond or two")
    func noPauseWhenFast() {
        var moderation = WakeModeration()
        #expect(moderation.pause == 0)
        let start = ContinuousClock.now
        moderation.woke(at: start)
        moderation.woke(at: start + .microseconds(50))
        #expect(moderation.sleepBeforeWaiting(at: start + .microseconds(60)) == nil)
        for _ in 0..<50 { moderation.transferEnded(after: 0.002) }
        #expect(moderation.pause == 0)
        moderation.woke(at: start + .microseconds(100))
        #expect(moderation.sleepBeforeWaiting(at: start + .microseconds(110)) == nil)
    }

    @Test("the pause is a part of the transfers' typical time, at most the longest")
    func pauseFollowsTransfers() {
        var moderation = WakeModeration()
        moderation.transferEnded(after: 0.3)
        #expect(abs(moderation.pause - min(WakeModeration.longest, 0.3 * WakeModeration.fraction)) < 1e-9)
        for _ in 0..<100 { moderation.transferEnded(after: 20) }
        #expect(moderation.pause == WakeModeration.longest)
        for _ in 0..<200 { moderation.transferEnded(after: 0.001) }
        #expect(moderation.pause == 0, "the weighted mean follows the recent transfers")
        moderation.transferEnded(after: -1)
        #expect(moderation.typicalSeconds! < 0.01, "a negative time is not counted")
    }

    @Test("dense wake-ups sleep out the rest of the pause; a sparse one is taken at once")
    func denseAndSparse() {
        var moderation = WakeModeration()
        for _ in 0..<10 { moderation.transferEnded(after: 10) }
        let pause = Duration.seconds(moderation.pause)
        #expect(pause > .milliseconds(1))
        let start = ContinuousClock.now
        moderation.woke(at: start)
        #expect(moderation.sleepBeforeWaiting(at: start) == nil, "the first wake-up is never delayed")
        // The next event came soon after: events are dense, let the next ones gather.
        let soon = start + pause / 4
        moderation.woke(at: soon)
        let rest = moderation.sleepBeforeWaiting(at: soon + pause / 4)
        #expect(rest != nil)
        #expect(rest! <= pause * 3 / 4 && rest! > pause / 2)
        #expect(moderation.sleepBeforeWaiting(at: soon + pause) == nil, "the pause is over")
        // A wake-up long after the one before: sparse, no pause.
        let late = soon + pause * 10
        moderation.woke(at: late)
        #expect(moderation.sleepBeforeWaiting(at: late) == nil)
    }

    @Test("slack makes a pause longer: up to half of it, half a transfer and the longest with slack")
    func slackLengthensThePause() {
        var moderation = WakeModeration()
        moderation.transferEnded(after: 0.3)
        let base = min(WakeModeration.longest, 0.3 * WakeModeration.fraction)
        #expect(abs(moderation.pause - base) < 1e-9)
        moderation.slack = base
        #expect(abs(moderation.pause - base) < 1e-9, "less slack than twice the usual pause changes nothing")
        moderation.slack = 0.08
        #expect(abs(moderation.pause - 0.04) < 1e-9)
        moderation.slack = 5
        let most = min(WakeModeration.longestWithSlack, 0.3 * WakeModeration.fractionWithSlack)
        #expect(abs(moderation.pause - most) < 1e-9)
        moderation.slack = .nan
        #expect(abs(moderation.pause - base) < 1e-9, "a slack that is no number is none")
        moderation.slack = 5
        for _ in 0..<100 { moderation.transferEnded(after: 20) }
        #expect(moderation.pause == WakeModeration.longestWithSlack)
        for _ in 0..<300 { moderation.transferEnded(after: 0.002) }
        #expect(moderation.pause == 0, "transfers too fast for a pause of their own get none from slack")
    }
}
