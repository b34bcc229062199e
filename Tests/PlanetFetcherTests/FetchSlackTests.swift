import Foundation
import PlanetFetcher
import PlanetSubscriptions
import Testing

/// The slack a slow feed grants the rest of a build while its transfer runs (`FetchSlack`,
/// issue 30): how long the others may wait without the build ending later than that feed, which
/// the engine spends letting its wake-ups gather; none on a first build or one its lanes or a
/// host bound.
@Suite("Fetch: a build's slack")
struct FetchSlackTests {
    func feeds(_ count: Int, host: (Int) -> String) -> [Subscription] {
        (0..<count).map { Subscription(url: URL(string: "http://\(host($0))/f\($0).xml")!) }
    }
    func times(_ feeds: [Subscription], _ seconds: (Int) -> Double) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: feeds.enumerated().map { ($1.url.absoluteString, seconds($0)) })
    }
    func grants(_ feeds: [Subscription], _ last: [String: Double], jobs: Int = 64, timeout: Double = 30) -> [Double] {
        FetchSlack(feeds, lastSeconds: last, perHost: 4, jobs: jobs, timeout: timeout).grants
    }
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("a first build knows nothing and grants none; a build its lanes bound grants none")
    func noneWithoutKnowledgeOrWhenLaneBound() {
        let singles = feeds(100) { "h\($0).example" }
        #expect(grants(singles, [:]) == [Double](repeating: 0, count: 100))
        // 100 s of transfers on 10 lanes: 10 s, longer than any one feed.
        #expect(grants(singles, times(singles) { _ in 1 }, jobs: 10) == [Double](repeating: 0, count: 100))
        #expect(grants([], [:]).isEmpty)
        #expect(FetchSlack.none.grants.isEmpty)
    }

    @Test("a feed that stalled grants the others slack while it runs, at most a hundredth of its time")
    func stallGrantsSlack() {
        let singles = feeds(101) { "h\($0).example" }
        // 100 feeds of 0.2 s and one of 20 s: the lanes need 0.6 s of its 20.
        let last = times(singles) { $0 == 50 ? 20 : 0.2 }
        let granted = grants(singles, last)
        #expect(near(granted[50], 0.2), "\(granted[50])")
        #expect(granted.enumerated().allSatisfy { $0.offset == 50 || $0.element == 0 })
        // On 2 lanes the lanes need the 20 s too: (20 × 2 − 40) ÷ 101 = 0.
        #expect(grants(singles, last, jobs: 2)[50] == 0)
        // On 3 lanes: (60 − 40) ÷ 101 ≈ 0.198 s, less than 20 ÷ 100.
        #expect(near(grants(singles, last, jobs: 3)[50], 20.0 / 101))
        // Under a time-out of 5 s the stall lasts 5 s at most this build.
        #expect(near(grants(singles, last, timeout: 5)[50], 0.05))
    }

    @Test("a busy host's feeds must still end before the slow feed: its cap bounds the grant")
    func busyHostBounds() {
        // 250 feeds of 0.3 s on one host at 4 connections: 18.75 s; a 20 s stall elsewhere.
        let farm = feeds(250) { _ in "farm.example" }
        let stall = [Subscription(url: URL(string: "http://slow.example/feed")!)]
        let last = times(farm) { _ in 0.3 }.merging(times(stall) { _ in 20 }) { a, _ in a }
        let granted = grants(farm + stall, last)
        #expect(near(granted[250], (20.0 * 4 - 75) / 250), "\(granted[250])")
        #expect(granted.prefix(250).allSatisfy { $0 == 0 }, "the farm's feeds are what the host needs")
        // A host with no more feeds than its cap runs them side by side: each feed longer than
        // the lanes need (13 s ÷ 64) grants a hundredth of its time.
        let few = feeds(4) { _ in "few.example" }
        let fewGrants = grants(few, times(few) { $0 == 0 ? 10 : 1 })
        #expect(zip(fewGrants, [0.1, 0.01, 0.01, 0.01]).allSatisfy { near($0, $1) }, "\(fewGrants)")
    }

    @Test("a feed never timed counts the mean; file feeds and times that are no number count nothing")
    func unknownFilesAndBadTimes() {
        let singles = feeds(3) { "h\($0).example" }
        // Known: 30 s and 0 s; the third counts the mean, 15 s. Two lanes need 22.5 s: only the
        // 30 s feed grants, 30 ÷ 100.
        let last = [singles[0].url.absoluteString: 30.0, singles[1].url.absoluteString: 0]
        #expect(zip(grants(singles, last, jobs: 2), [0.3, 0, 0]).allSatisfy { near($0, $1) })
        let file = Subscription(url: URL(string: "file:///srv/feed.xml")!)
        let withFile = grants(singles + [file], last.merging([file.url.absoluteString: 100]) { a, _ in a }, jobs: 2)
        #expect(zip(withFile, [0.3, 0, 0, 0]).allSatisfy { near($0, $1) }, "a file read is no transfer")
        for bad in [Double.infinity, -Double.infinity, Double.nan, -5] {
            let granted = grants(singles, times(singles) { $0 == 0 ? bad : 0.2 })
            #expect(granted.allSatisfy { $0.isFinite && $0 >= 0 }, "\(bad): \(granted)")
            #expect(granted[0] < 0.01, "\(bad) counts as never timed, not as a long feed")
        }
    }
}
