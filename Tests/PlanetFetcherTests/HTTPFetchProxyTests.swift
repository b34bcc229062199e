import Foundation
import Testing

@testable import PlanetFetcher

/// Which hops of a fetch through a proxy carry a ``ProxyTargetCheck``: none before a redirect,
/// then the hop that redirected judged with the next request, and every later hop by its URL
/// once a public hop was seen.
@Suite("HTTPFetch: hops through a proxy are judged by their URL")
struct HTTPFetchProxyTests {
    func redirect(to location: String, fromPublic: Bool? = nil) -> HTTPResponse {
        var response = HTTPResponse.notRun(code: 0, errorText: "")
        response.status = 302
        response.redirectURL = location
        response.redirectedFromPublic = fromPublic
        return response
    }

    func request(_ step: HTTPFetch.Step) -> HTTPRequest? {
        if case .transfer(let request) = step { return request }
        return nil
    }

    @Test("the first hop is not judged; a redirect judges it with the next hop, and the rule then sticks")
    func hops() throws {
        var configuration = FetcherConfiguration(proxies: ProxySettings(proxy: "http://127.0.0.1:3128"))
        configuration.resolver = HostResolver { _ in [] }
        var fetch = HTTPFetch(
            configuration: configuration, url: try #require(URL(string: "http://feeds.example/a")), validators: nil)
        let first = try #require(request(fetch.start()))
        #expect(first.proxy == "http://127.0.0.1:3128" && first.targetCheck == nil && !first.refusePrivate)
        let second = try #require(request(fetch.next(after: redirect(to: "http://feeds.example/b"))))
        #expect(second.targetCheck?.origin == "http://feeds.example/a")
        #expect(second.targetCheck?.target == "http://feeds.example/b")
        // The check found the first hop public: every later hop is judged by its URL alone.
        let third = try #require(request(fetch.next(after: redirect(to: "http://10.0.0.1/c", fromPublic: true))))
        #expect(third.targetCheck?.origin == nil && third.targetCheck?.target == "http://10.0.0.1/c")
        #expect(third.refusePrivate)
    }

    @Test("without a proxy no hop carries a check: the socket is judged, as before")
    func direct() throws {
        let configuration = FetcherConfiguration(proxies: .none)
        var fetch = HTTPFetch(
            configuration: configuration, url: try #require(URL(string: "http://feeds.example/a")), validators: nil)
        #expect(try #require(request(fetch.start())).targetCheck == nil)
        let next = try #require(request(fetch.next(after: redirect(to: "http://feeds.example/b"))))
        #expect(next.proxy == nil && next.targetCheck == nil && next.refusePrivate)
    }
}
