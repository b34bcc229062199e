import Foundation
import PlanetFetcher
import PlanetSubscriptions
import Testing

/// The slack of a build (`FetchSlack`, issue 30): how long each transfer may wait without making
/// the build longer than its last times project, which the engine spends letting its wake-ups
/// gather; none for a first build or a build its lanes or a host bound.
@Suite("Fetch: a build's slack")
struct FetchSlackTests {
    func feeds(_ count: Int, host: (Int) -> String) -> [Subscription] {
        (0..<count).map { Subscription(url: URL(string: "http://\(host($0))/f\($0).xml")!) }
    }
    func times(_ feeds: [Subscription], _ seconds: (Int) -> Double) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: feeds.enumerated().map { ($1.url.absoluteString, seconds($0)) })
    }

    @Test("a first build knows nothing and has none; a build its lanes bound has none")
    func noneWithoutKnowledgeOrWhenLaneBound() {
        let singles = feeds(100) { "h\($0).example" }
        #expect(FetchSlack.seconds(singles, lastSeconds: [:], perHost: 4, jobs: 64) == 0)
        // 100 s of transfers on 10 lanes: 10 s, which is the whole build.
        #expect(FetchSlack.seconds(singles, lastSeconds: times(singles) { _ in 1 }, perHost: 4, jobs: 10) == 0)
        #expect(FetchSlack.seconds([], lastSeconds: [:], perHost: 4, jobs: 64) == 0)
    }

    @Test("a feed that stalls leaves the others slack, at most a hundredth of the build")
    func stallLeavesSlack() {
        let singles = feeds(101) { "h\($0).example" }
        // 100 feeds of 0.2 s and one of 20 s: the build takes 20 s, its lanes 0.6 s of it.
        let last = times(singles) { $0 == 50 ? 20 : 0.2 }
        let slack = FetchSlack.seconds(singles, lastSeconds: last, perHost: 4, jobs: 64)
        #expect(abs(slack - 0.2) < 1e-9, "\(slack)")
        // On 2 lanes: (20 × 2 − 40) ÷ 101 = 0.
        #expect(FetchSlack.seconds(singles, lastSeconds: last, perHost: 4, jobs: 2) == 0)
        // On 3 lanes: (60 − 40) ÷ 101 ≈ 0.198 s, less than 20 ÷ 100.
        let three = FetchSlack.seconds(singles, lastSeconds: last, perHost: 4, jobs: 3)
        #expect(abs(three - 20.0 / 101) < 1e-9, "\(three)")
    }

    @Test("a busy host's feeds must still end with the build: its cap bounds the slack")
    func busyHostBounds() {
        // 250 feeds of 0.3 s on one host at 4 connections: 18.75 s; a 20 s stall elsewhere.
        let farm = feeds(250) { _ in "farm.example" }
        let stall = feeds(1) { _ in "slow.example" }
        let last = times(farm) { _ in 0.3 }.merging(times(stall) { _ in 20 }) { a, _ in a }
        let slack = FetchSlack.seconds(farm + stall, lastSeconds: last, perHost: 4, jobs: 64)
        #expect(abs(slack - (20.0 * 4 - 75) / 250) < 1e-9, "\(slack)")
        // A host with no more feeds than its cap runs them side by side: only the lanes count.
        let few = feeds(4) { _ in "few.example" }
        let fewLast = times(few) { $0 == 0 ? 10 : 1 }
        #expect(abs(FetchSlack.seconds(few, lastSeconds: fewLast, perHost: 4, jobs: 64) - 0.1) < 1e-9)
    }

    @Test("a feed never timed counts the mean of those timed; file feeds are not transfers")
    func unknownAndFiles() {
        let singles = feeds(3) { "h\($0).example" }
        // Known: 30 s and 0 s; the third counts the mean, 15 s. One lane: the lanes' 45 s are the
        // build, no slack; two lanes: the 30 s feed is, and 30 ÷ 100 is the least.
        let last = [singles[0].url.absoluteString: 30.0, singles[1].url.absoluteString: 0]
        #expect(FetchSlack.seconds(singles, lastSeconds: last, perHost: 4, jobs: 1) == 0)
        #expect(abs(FetchSlack.seconds(singles, lastSeconds: last, perHost: 4, jobs: 2) - 0.3) < 1e-9)
        let file = Subscription(url: URL(string: "file:///srv/feed.xml")!)
        let withFile = FetchSlack.seconds(
            singles + [file], lastSeconds: last.merging([file.url.absoluteString: 100]) { a, _ in a },
            perHost: 4, jobs: 2)
        #expect(abs(withFile - 0.3) < 1e-9, "a file read is no transfer and adds no time")
    }

    @Test("times that are no finite number of seconds give no slack")
    func nonFiniteTimes() {
        let singles = feeds(3) { "h\($0).example" }
        for bad in [Double.infinity, -Double.infinity, Double.nan] {
            let last = times(singles) { $0 == 0 ? bad : 0.2 }
            let slack = FetchSlack.seconds(singles, lastSeconds: last, perHost: 4, jobs: 64)
            #expect(slack.isFinite && slack >= 0, "\(bad): \(slack)")
        }
    }
}
