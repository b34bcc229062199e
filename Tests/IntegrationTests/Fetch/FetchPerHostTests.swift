import Foundation
import PlanetFetcher
import PlanetSubscriptions
import TestSupport
import Testing

/// Politeness: at most `perHost` feeds fetched at once from one host (issue 30), while the
/// other hosts' feeds use the other lanes.
@Suite("Fetch: the per-host cap over loopback")
struct FetchPerHostTests {
    @Test("a host with many feeds gets at most perHost connections; another host is served meanwhile")
    func perHostCap() async throws {
        try await withDeadline(seconds: 60) {
            var farmRoutes: [String: LoopbackRoute] = [:]
            for index in 0..<12 { farmRoutes["/f\(index).xml"] = .delayed(0.15, .ok("<rss>\(index)</rss>")) }
            let farm = try await LoopbackServer.start(farmRoutes)
            var otherRoutes: [String: LoopbackRoute] = [:]
            for index in 0..<4 { otherRoutes["/o\(index).xml"] = .delayed(0.15, .ok("<rss>o\(index)</rss>")) }
            let other = try await LoopbackServer.start(otherRoutes, address: .second)
            // The farm's feeds first in the list: without a per-host cap they would take every lane.
            let subscriptions =
                (0..<12).map { Subscription(url: farm.url(for: "/f\($0).xml")) }
                + (0..<4).map { Subscription(url: other.url(for: "/o\($0).xml")) }
            let results = await Fetcher(FetcherConfiguration(jobs: 16, perHost: 2, timeout: 20))
                .fetchAll(subscriptions)
            await farm.stop()
            await other.stop()
            let fetched = results.filter { if case .fetched = $0.outcome { return true } else { return false } }
            #expect(fetched.count == 16)
            #expect(farm.requests.count == 12)
            // Requests in flight, not sockets open: this server closes each connection after its one
            // response, and a socket it is still closing may overlap the next connection.
            #expect(farm.maxConcurrentRequests == 2, "the farm had \(farm.maxConcurrentRequests) requests at once")
            #expect(other.maxConcurrentRequests == 2, "the other host should run beside the farm")
        }
    }
}
