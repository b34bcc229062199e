import Foundation
import PlanetFetcher
import PlanetSubscriptions
import Testing

/// The order a build starts its fetches in (`FetchOrder`, issue 30): least slack first, so the
/// slowest feed starts at once and a host with many feeds runs at its cap from the start.
@Suite("Fetch: order of the fetches")
struct FetchOrderTests {
    func feed(_ text: String) -> Subscription { Subscription(url: URL(string: text)!) }
    func urls(_ subscriptions: [Subscription]) -> [String] { subscriptions.map(\.url.absoluteString) }

    @Test("a feed that was slow at the last build starts first, whatever its place in feeds.txt")
    func slowestFirst() {
        let feeds = (1...5).map { feed("https://h\($0).example/feed") }
        let times = [
            "https://h1.example/feed": 0.2, "https://h2.example/feed": 0.3, "https://h3.example/feed": 0.1,
            "https://h4.example/feed": 20.4, "https://h5.example/feed": 0.5
        ]
        #expect(
            urls(FetchOrder.plan(feeds, lastSeconds: times, perHost: 4)) == [
                "https://h4.example/feed", "https://h5.example/feed", "https://h2.example/feed",
                "https://h1.example/feed", "https://h3.example/feed"
            ])
    }

    @Test("a host with more feeds than its cap has places goes ahead of single feeds, spread by its cap")
    func busyHostFrontLoaded() {
        let farm = (1...6).map { feed("http://farm.example/\($0).xml") }
        let singles = (1...3).map { feed("http://s\($0).example/feed") }
        // Never timed: each counts 1 s. The farm's feeds (cap 2) hold 5, 4, … s of the farm
        // behind them: 5/2+1, 4/2+1, … so the first four lead; the singles (1 s) tie with the
        // farm's last two and keep feeds.txt order among them.
        let ordered = urls(FetchOrder.plan(singles + farm, lastSeconds: [:], perHost: 2))
        #expect(
            ordered == [
                "http://farm.example/1.xml", "http://farm.example/2.xml", "http://farm.example/3.xml",
                "http://farm.example/4.xml", "http://farm.example/5.xml", "http://s1.example/feed",
                "http://s2.example/feed", "http://s3.example/feed", "http://farm.example/6.xml"
            ])
    }

    @Test("hosts are scheme, host and port; one host keeps feeds.txt order; nothing stays nothing")
    func hostsAndTies() {
        let one = (1...3).map { feed("https://one.example/\($0)") }
        #expect(FetchOrder.plan(one, lastSeconds: [:], perHost: 1) == one)
        #expect(FetchOrder.plan([], lastSeconds: [:], perHost: 4) == [])
        #expect(FetchOrder.host(of: feed("HTTPS://One.Example:8443/feed")) == "https://one.example:8443")
        #expect(FetchOrder.host(of: feed("file:///srv/feed.xml")) == nil)
    }
}
