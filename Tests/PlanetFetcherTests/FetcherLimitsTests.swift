import Foundation
import PlanetSubscriptions
import TestSupport
import Testing

@testable import PlanetFetcher

/// `Fetcher.withLimits`: the build's one fetcher serves fetches with another size cap and the
/// private-address rule from the first request (the faces it copies), on the same engine.
@Suite("Fetcher.withLimits: other limits on the same engine")
struct FetcherLimitsTests {
    /// 127.0.0.1 is public, every other loopback address private.
    static let policy = AddressPolicy { address in
        address.description == "127.0.0.1" ? false : address.isPrivateOrLocal
    }

    @Test("the size cap and the private-address rule from the start are the copy's; the engine is shared")
    func limits() async throws {
        try await withDeadline {
            let big = Data(repeating: 0x61, count: 100)
            let server = try await LoopbackServer.start(["/big": .ok(big, contentType: "image/png")])
            let inside = try await LoopbackServer.start(["/face": .ok(big, contentType: "image/png")], address: .second)
            var configuration = FetcherConfiguration(jobs: 2, timeout: 5, addressPolicy: Self.policy, proxies: .none)
            configuration.loopbackOnly = LoopbackGuard()
            let fetcher = Fetcher(configuration)
            let limited = fetcher.withLimits(maxBytes: 10, refusesPrivateFromStart: true)
            #expect(limited.sharesEngine(with: fetcher) && !Fetcher(configuration).sharesEngine(with: fetcher))
            #expect(limited.configuration.maxBytes == 10 && fetcher.configuration.maxBytes == 10_000_000)
            #expect(limited.configuration.loopbackOnly === configuration.loopbackOnly, "the rest is the fetcher's")
            let urls = [server.url(for: "/big"), inside.url(for: "/face")].map { Subscription(url: $0) }
            let plain = await fetcher.fetchAll(urls)
            let capped = await limited.fetchAll(urls)
            await server.stop()
            await inside.stop()
            for result in plain {
                guard case .fetched(let document) = result.outcome else {
                    Issue.record("\(result.subscription.url): \(result.outcome)")
                    continue
                }
                #expect(document.data == big)
            }
            let kinds = capped.map { result -> FetchFailure.Kind? in
                if case .failed(let failure) = result.outcome { return failure.kind }
                return nil
            }
            #expect(kinds == [.tooLarge, .privateAddress])
            #expect(inside.requests.count == 1, "only the fetcher without the rule asked the private address")
        }
    }
}
