import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Planet
import Testing
import TestSupport

/// Failures a loopback server cannot produce, through a URLProtocol stub on the session
/// configuration (issue 2: "no connection to the internet", "host not found").
@Suite("Fetcher: stubbed network failures")
struct FetcherStubTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var code: URLError.Code
        var kind: FetchFailure.Kind
        var messagePart: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no connection to the internet", code: .notConnectedToInternet, kind: .noConnection,
             messagePart: "no connection to the internet"),
        Case(name: "host not found", code: .cannotFindHost, kind: .hostNotFound, messagePart: "not found"),
        Case(name: "DNS lookup failed", code: .dnsLookupFailed, kind: .hostNotFound, messagePart: "not found"),
        Case(name: "connection lost", code: .networkConnectionLost, kind: .connectionFailed, messagePart: "lost"),
        Case(name: "URLSession's own timeout", code: .timedOut, kind: .timeout, messagePart: "within 5 s"),
        Case(name: "too many redirects", code: .httpTooManyRedirects, kind: .tooManyRedirects,
             messagePart: "redirects"),
    ]

    private static let configuration = FetcherConfiguration(timeout: 5, protocolClasses: [URLProtocolStub.self])

    @Test("a stubbed URLError becomes a failure of its kind naming the URL", arguments: cases)
    func stubbedFailure(_ test: Case) async throws {
        let host = URLProtocolStub.uniqueHost()
        let url = try #require(URL(string: "http://\(host)/feed.xml"))
        let result = try await withDeadline {
            await URLProtocolStub.withStubs([host: .fail(test.code)]) {
                await Fetcher(Self.configuration).fetch(Subscription(url: url))
            }
        }
        guard case .failed(let failure) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome)")
            return
        }
        #expect(failure.kind == test.kind)
        #expect(failure.url == url)
        #expect(failure.message.contains(url.absoluteString))
        #expect(failure.message.contains(test.messagePart), "\(failure.message)")
    }

    @Test("a failing stubbed feed leaves the other feeds fetched, in input order")
    func otherFeedsGoOn() async throws {
        let down = URLProtocolStub.uniqueHost("down")
        let up = URLProtocolStub.uniqueHost("up")
        let subscriptions = try [down, up].map { Subscription(url: try #require(URL(string: "https://\($0)/feed"))) }
        let body = Data("<rss/>".utf8)
        let results = try await withDeadline {
            await URLProtocolStub.withStubs([
                down: .fail(.notConnectedToInternet),
                up: .respond(status: 200, headers: ["Content-Type": "application/rss+xml"], body: body),
            ]) {
                await Fetcher(Self.configuration).fetchAll(subscriptions)
            }
        }
        #expect(results.map(\.subscription) == subscriptions)
        guard case .failed(let failure) = results[0].outcome, case .fetched(let document) = results[1].outcome else {
            Issue.record("unexpected outcomes: \(results.map(\.outcome))")
            return
        }
        #expect(failure.kind == .noConnection)
        #expect(document.data == body)
        #expect(document.contentType == "application/rss+xml")
    }

    @Test("stubs are gone once withStubs returns")
    func stubsRemoved() async throws {
        let host = URLProtocolStub.uniqueHost()
        let url = try #require(URL(string: "http://\(host)/feed.xml"))
        await URLProtocolStub.withStubs([host: .fail(.notConnectedToInternet)]) {
            #expect(URLProtocolStub.canInit(with: URLRequest(url: url)))
        }
        #expect(!URLProtocolStub.canInit(with: URLRequest(url: url)))
    }
}
