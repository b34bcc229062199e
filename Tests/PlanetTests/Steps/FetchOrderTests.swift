import Foundation
import PlanetSubscriptions
import Testing

@testable import Planet

/// The order feeds are fetched in: one host with many (perhaps slow) feeds must not hold every
/// lane while other hosts' feeds wait behind it.
@Suite("Build: fetch order")
struct FetchOrderTests {
    func subscription(_ text: String) -> Subscription { Subscription(url: URL(string: text)!) }

    @Test("round robin over hosts (scheme, host, port), each host's feeds in feeds.txt order")
    func roundRobinOverHosts() {
        let slow = (1...4).map { subscription("http://slow.example/\($0).xml") }
        let good = [
            subscription("https://a.example/feed"), subscription("http://slow.example:8080/feed"),
            subscription("https://b.example/feed")
        ]
        let ordered = BuildRun.interleavedByHost(slow + good).map(\.url.absoluteString)
        #expect(
            ordered == [
                "http://slow.example/1.xml", "https://a.example/feed", "http://slow.example:8080/feed",
                "https://b.example/feed", "http://slow.example/2.xml", "http://slow.example/3.xml",
                "http://slow.example/4.xml"
            ])
    }

    @Test("one host, or none: the order is kept")
    func singleHostKeepsOrder() {
        let feeds = (1...3).map { subscription("https://one.example/\($0)") }
        #expect(BuildRun.interleavedByHost(feeds) == feeds)
        #expect(BuildRun.interleavedByHost([]) == [])
    }
}
