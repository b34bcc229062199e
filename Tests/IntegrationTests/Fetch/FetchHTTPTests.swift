import Foundation
import Planet
import PlanetFetcher
import PlanetSubscriptions
import TestSupport
import Testing

/// What the fetcher sends and how it follows the server: headers, redirects, gzip, 304, bounds.
@Suite("Fetch: HTTP behaviour over loopback")
struct FetchHTTPTests {
    private static let rss = Data("<rss version=\"2.0\"><channel><title>t</title></channel></rss>".utf8)

    private func fetched(_ result: FetchResult, sourceLocation: SourceLocation = #_sourceLocation)
        -> FetchedDocument?
    {
        guard case .fetched(let document) = result.outcome else {
            Issue.record("not fetched: \(result.outcome)", sourceLocation: sourceLocation)
            return nil
        }
        return document
    }

    @Test("sends User-Agent, Accept and Accept-Encoding")
    func requestHeaders() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/feed.xml": .ok(Self.rss)])
            let fetcher = Fetcher(FetcherConfiguration(timeout: 5, userAgent: "planet/9.9 (+http://planet.test/)"))
            _ = await fetcher.fetch(Subscription(url: server.url(for: "/feed.xml")))
            await server.stop()
            let request = try #require(server.requests.first)
            #expect(request.header("User-Agent") == "planet/9.9 (+http://planet.test/)")
            #expect(request.header("Accept") == FetcherConfiguration.accept)
            #expect(request.header("Accept-Encoding")?.contains("gzip") == true)
            #expect(request.header("If-None-Match") == nil)
        }
    }

    @Test("temporary then permanent redirects: final URL reported, no permanent move")
    func temporaryRedirectChain() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/old.xml": .redirect(to: "/moved.xml", status: 302),
                "/moved.xml": .redirect(to: "/feed.xml", status: 301),
                "/feed.xml": .ok(Self.rss)
            ])
            let result = await Fetcher(FetcherConfiguration(timeout: 5))
                .fetch(Subscription(url: server.url(for: "/old.xml")))
            await server.stop()
            let document = try #require(fetched(result))
            #expect(document.finalURL == server.url(for: "/feed.xml"))
            #expect(document.data == Self.rss)
            #expect(document.permanentRedirect == nil)
        }
    }

    @Test("301 then 308: the feed's new home is the end of the permanent chain")
    func permanentRedirectChain() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/a.xml": .redirect(to: "/b.xml", status: 301),
                "/b.xml": .redirect(to: "/c.xml", status: 308),
                "/c.xml": .ok(Self.rss)
            ])
            let result = await Fetcher(FetcherConfiguration(timeout: 5))
                .fetch(Subscription(url: server.url(for: "/a.xml")))
            await server.stop()
            let document = try #require(fetched(result))
            #expect(document.finalURL == server.url(for: "/c.xml"))
            #expect(document.permanentRedirect == server.url(for: "/c.xml"))
        }
    }

    @Test("a gzip body is decoded")
    func gzipBody() async throws {
        let feed = try FetchFixtures.data("rss20-20items.xml")
        try await withDeadline {
            let server = try await LoopbackServer.start(["/feed.xml": .gzip(feed)])
            let result = await Fetcher(FetcherConfiguration(timeout: 5))
                .fetch(Subscription(url: server.url(for: "/feed.xml")))
            await server.stop()
            #expect(fetched(result)?.data == feed)
        }
    }

    @Test("an ETag with obs-text bytes (RFC 9110 §8.8.3) goes back byte for byte, not re-encoded as UTF-8")
    func latin1ETagRoundTrip() async throws {
        try await withDeadline {
            // "\u{e9}t\u{e9}" goes out as the single bytes 0xE9 't' 0xE9 (``LoopbackRoute/raw(_:)`` is ISO-8859-1).
            let head =
                "HTTP/1.1 200 OK\r\nETag: \"\u{e9}t\u{e9}\"\r\nContent-Length: \(Self.rss.count)\r\n"
                + "Connection: close\r\n\r\n"
            let server = try await LoopbackServer.start([
                "/feed.xml": .raw(Data(head.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }) + Self.rss)
            ])
            let fetcher = Fetcher(FetcherConfiguration(timeout: 5))
            let first = await fetcher.fetch(Subscription(url: server.url(for: "/feed.xml")))
            let document = try #require(fetched(first))
            _ = await fetcher.fetch(
                Subscription(url: server.url(for: "/feed.xml")), validators: FetchValidators(document))
            await server.stop()
            // The server reads request heads as UTF-8: a lone 0xE9 reads U+FFFD, UTF-8's C3 A9 reads "é".
            let sent = try #require(server.requests.last?.header("If-None-Match"))
            #expect(sent == "\"\u{FFFD}t\u{FFFD}\"", "\(Array(sent.unicodeScalars))")
        }
    }

    @Test(
        "validators make the request conditional; a match is .notModified",
        arguments: [
            FetchValidators(etag: "\"v7\""),
            FetchValidators(lastModified: "Wed, 20 Mar 2024 09:30:00 GMT")
        ])
    func conditionalGet(_ validators: FetchValidators) async throws {
        try await withDeadline {
            let route = LoopbackRoute.conditional(
                Self.rss, etag: "\"v7\"", lastModified: "Wed, 20 Mar 2024 09:30:00 GMT")
            let server = try await LoopbackServer.start(["/feed.xml": route])
            let url = server.url(for: "/feed.xml")
            let fetcher = Fetcher(FetcherConfiguration(timeout: 5))
            let first = await fetcher.fetchAll([Subscription(url: url)])
            let second = await fetcher.fetchAll([Subscription(url: url)], validators: [url: validators])
            await server.stop()
            let document = try #require(first.first.flatMap { self.fetched($0) })
            #expect(document.etag == "\"v7\"")
            #expect(document.lastModified == "Wed, 20 Mar 2024 09:30:00 GMT")
            // The 304 carries the server's validators (RFC 9111 §4.3.4), as this route sends both.
            let fresh = FetchValidators(etag: "\"v7\"", lastModified: "Wed, 20 Mar 2024 09:30:00 GMT")
            #expect(second.first?.outcome == .notModified(permanentRedirect: nil, validators: fresh))
            let conditional = try #require(server.requests.last)
            #expect(conditional.header("If-None-Match") == validators.etag)
            #expect(conditional.header("If-Modified-Since") == validators.lastModified)
        }
    }

    @Test("at most `jobs` feeds are fetched at once, and results keep the input order")
    func jobsBound() async throws {
        try await withDeadline {
            var routes: [String: LoopbackRoute] = [:]
            for index in 0..<9 { routes["/f\(index).xml"] = .delayed(0.2, .ok("<rss>\(index)</rss>")) }
            let server = try await LoopbackServer.start(routes)
            let subscriptions = (0..<9).map { Subscription(url: server.url(for: "/f\($0).xml")) }
            let results = await Fetcher(FetcherConfiguration(jobs: 3, timeout: 10)).fetchAll(subscriptions)
            await server.stop()
            #expect(results.map(\.subscription) == subscriptions)
            let bodies = results.map { result in fetched(result).map { String(decoding: $0.data, as: UTF8.self) } }
            #expect(bodies == (0..<9).map { "<rss>\($0)</rss>" })
            #expect(server.requests.count == 9)
            #expect(server.maxConcurrentRequests <= 3)
            #expect(server.maxConcurrentRequests >= 2, "the fetches should overlap")
        }
    }

    /// The engine runs `jobs` transfers and keeps the others waiting; a feed's time starts when its
    /// first request does, so waiting behind a slow feed costs it none of its own.
    @Test("a fetch waiting for a place gets its whole timeout, redirects included")
    func waitingFetchKeepsItsTimeout() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                // Timeouts of 4 s leave the second feed 3.5 s beyond its own 0.5 s: enough on a
                // loaded machine, and none at all if its wait behind the slow one counted.
                "/slow.xml": .delayed(6, .ok("<rss>slow</rss>")),
                "/moved.xml": .redirect(to: "/later.xml", status: 302),
                "/later.xml": .delayed(0.5, .ok("<rss>later</rss>"))
            ])
            let subscriptions = [
                Subscription(url: server.url(for: "/slow.xml")),
                Subscription(url: server.url(for: "/moved.xml"))
            ]
            let results = await Fetcher(FetcherConfiguration(jobs: 1, timeout: 4)).fetchAll(subscriptions)
            await server.stop()
            guard case .failed(let failure) = results[0].outcome else {
                Issue.record("the slow feed should time out: \(results[0].outcome)")
                return
            }
            #expect(failure.kind == .timeout)
            // It waited 4 s for the slow one, then had its own 4 s for two hops.
            #expect(fetched(results[1]).map { String(decoding: $0.data, as: UTF8.self) } == "<rss>later</rss>")
        }
    }

    @Test("cancelling the fetching task stops its transfer at once; the fetcher goes on")
    func cancellation() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/slow.xml": .delayed(60, .ok(Self.rss)), "/feed.xml": .ok(Self.rss)
            ])
            let fetcher = Fetcher(FetcherConfiguration(timeout: 50))
            let slow = Task { await fetcher.fetch(Subscription(url: server.url(for: "/slow.xml"))) }
            while server.requests(to: "/slow.xml").isEmpty { try await Task.sleep(for: .milliseconds(10)) }
            slow.cancel()
            let result = await slow.value
            let after = await fetcher.fetch(Subscription(url: server.url(for: "/feed.xml")))
            await server.stop()
            guard case .failed(let failure) = result.outcome else {
                Issue.record("expected a failure, got \(result.outcome)")
                return
            }
            #expect(failure.kind == .other && failure.message.contains("cancelled"), "\(failure.message)")
            #expect(fetched(after)?.data == Self.rss)
        }
    }

    private struct Stop: Error {}

    /// `fetchAll` runs its http(s) fetches as one batch in the engine: when `deliver` throws, the
    /// batch's transfers still running (here: ones the server holds for a minute) end at once.
    @Test("a throwing deliver ends the batch's other transfers at once and its error comes out")
    func deliverThrowEndsTheBatch() async throws {
        try await withDeadline {
            var routes: [String: LoopbackRoute] = ["/fast.xml": .ok(Self.rss)]
            for index in 0..<6 { routes["/slow\(index).xml"] = .delayed(60, .ok(Self.rss)) }
            let server = try await LoopbackServer.start(routes)
            let subscriptions =
                (0..<6).map { Subscription(url: server.url(for: "/slow\($0).xml")) }
                + [Subscription(url: server.url(for: "/fast.xml"))]
            let fetcher = Fetcher(FetcherConfiguration(jobs: 8, perHost: 8, timeout: 50))
            var delivered: [Int] = []
            await #expect(throws: Stop.self) {
                try await fetcher.fetchAll(subscriptions) {
                    $0
                } deliver: { (index, _) async throws(Stop) in
                    delivered.append(index)
                    throw Stop()
                }
            }
            #expect(delivered == [6])
            // The engine is free again: the next fetch is not stuck behind the slow ones.
            let after = await fetcher.fetch(Subscription(url: server.url(for: "/fast.xml")))
            await server.stop()
            #expect(fetched(after)?.data == Self.rss)
        }
    }

    @Test("cancelling the task of a fetchAll ends every fetch of the batch as cancelled")
    func cancellingFetchAll() async throws {
        try await withDeadline {
            var routes: [String: LoopbackRoute] = [:]
            for index in 0..<5 { routes["/slow\(index).xml"] = .delayed(60, .ok(Self.rss)) }
            let server = try await LoopbackServer.start(routes)
            let subscriptions = (0..<5).map { Subscription(url: server.url(for: "/slow\($0).xml")) }
            let fetcher = Fetcher(FetcherConfiguration(jobs: 2, timeout: 50))
            let batch = Task { await fetcher.fetchAll(subscriptions) }
            while server.requests.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
            batch.cancel()
            let results = await batch.value
            await server.stop()
            #expect(results.map(\.subscription) == subscriptions)
            for result in results {
                guard case .failed(let failure) = result.outcome else {
                    Issue.record("expected a failure, got \(result.outcome)")
                    continue
                }
                #expect(failure.message.contains("cancelled"), "\(failure.message)")
            }
        }
    }
}
