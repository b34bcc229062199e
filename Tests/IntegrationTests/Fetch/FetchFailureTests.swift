import Foundation
import Planet
import PlanetFetcher
import PlanetSubscriptions
import TestSupport
import Testing

/// Each way a feed can fail over HTTP becomes a FetchFailure of the right kind, naming the URL.
@Suite("Fetch: failures over loopback")
struct FetchFailureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var route: LoopbackRoute
        var kind: FetchFailure.Kind
        var status: Int?
        var messagePart: String
        var testDescription: String { name }
    }

    static let body = Data(String(repeating: "<item>filler</item>\n", count: 200).utf8)

    static let cases: [Case] = [
        Case(
            name: "404", route: .status(404, body: "gone fishing"), kind: .httpError, status: 404,
            messagePart: "HTTP 404 Not Found"),
        Case(
            name: "500", route: .status(500), kind: .httpError, status: 500,
            messagePart: "HTTP 500 Internal Server Error"),
        Case(name: "410", route: .status(410), kind: .httpError, status: 410, messagePart: "HTTP 410 Gone"),
        Case(
            name: "slower than the timeout", route: .delayed(30, .ok("<rss/>")), kind: .timeout,
            messagePart: "within 3 s"),
        Case(
            name: "body over the size cap", route: .ok(body), kind: .tooLarge,
            messagePart: "cap of 1000 bytes"),
        Case(
            name: "redirect loop", route: .redirect(to: "/feed.xml"), kind: .tooManyRedirects,
            messagePart: "more than 5 redirects"),
        Case(
            name: "connection closed mid-body", route: .truncated(body.prefix(800), after: 100),
            kind: .connectionFailed,
            messagePart: "lost")
    ]

    @Test("a failing feed is reported with its kind, status and URL", arguments: cases)
    func failure(_ test: Case) async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/feed.xml": test.route])
            let url = server.url(for: "/feed.xml")
            let fetcher = Fetcher(FetcherConfiguration(timeout: 3, maxBytes: 1000))
            let result = await fetcher.fetch(Subscription(url: url))
            await server.stop()
            guard case .failed(let failure) = result.outcome else {
                Issue.record("expected a failure, got \(result.outcome)")
                return
            }
            #expect(failure.kind == test.kind)
            #expect(failure.status == test.status)
            #expect(failure.url == url)
            #expect(failure.message.contains(url.absoluteString))
            #expect(failure.message.contains(test.messagePart), "\(failure.message)")
        }
    }

    @Test("503 with Retry-After keeps the header; delay-seconds count from the given now")
    func retryAfter() async throws {
        try await withDeadline {
            let route = LoopbackRoute.response(
                LoopbackResponse(status: 503, headers: [LoopbackHeader("Retry-After", "120")]))
            let server = try await LoopbackServer.start(["/feed.xml": route])
            let result = await Fetcher(FetcherConfiguration(timeout: 5)).fetch(
                Subscription(url: server.url(for: "/feed.xml")))
            await server.stop()
            guard case .failed(let failure) = result.outcome else {
                Issue.record("expected a failure, got \(result.outcome)")
                return
            }
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            #expect(failure.kind == .httpError)
            #expect(failure.status == 503)
            #expect(
                failure.message.hasSuffix(
                    "HTTP 503 Service Unavailable; the server asks planet to wait: builds skip the feed until its "
                        + "Retry-After has passed"
                ))
            #expect(failure.retryAfter == "120")
            #expect(failure.retryAfterDate(now: now) == now.addingTimeInterval(120))
        }
    }

    @Test("a port nobody listens on is a refused connection")
    func connectionRefused() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([:])
            let url = server.url(for: "/feed.xml")
            await server.stop()  // the port is now closed: connecting is refused
            let result = await Fetcher(FetcherConfiguration(timeout: 5)).fetch(Subscription(url: url))
            guard case .failed(let failure) = result.outcome else {
                Issue.record("expected a failure, got \(result.outcome)")
                return
            }
            #expect(failure.kind == .connectionFailed)
            #expect(failure.message.contains("127.0.0.1"))
        }
    }

    @Test("one failing feed does not stop the others")
    func failureIsolated() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/ok.xml": .ok("<rss/>"), "/bad.xml": .status(500)])
            let subscriptions = ["/bad.xml", "/ok.xml", "/missing.xml"].map { Subscription(url: server.url(for: $0)) }
            let results = await Fetcher(FetcherConfiguration(timeout: 5)).fetchAll(subscriptions)
            await server.stop()
            #expect(results.map(\.subscription) == subscriptions)
            let statuses = results.map { result -> Int? in
                switch result.outcome {
                case .fetched(let document): return document.status
                case .failed(let failure): return failure.status
                case .notModified: return 304
                }
            }
            #expect(statuses == [500, 200, 404])
        }
    }
}
