import Foundation
import TestSupport
import Testing

/// Server hints for polling (issue 25): a feed that says how long it stays current (RSS `<ttl>`,
/// `Cache-Control: max-age`) is not requested again before then, and behaves as a 304 meanwhile;
/// a feed's `poll_interval` overrides the hints; `--force` asks anyway.
@Suite("cron: server hints for polling")
struct CronPollScheduleTests {
    /// `rssFeed(prefix)` with `extra` in its channel.
    static func feed(_ prefix: String, channel extra: String) -> Data {
        let text = String(decoding: rssFeed(prefix), as: UTF8.self)
        return Data(
            text.replacingOccurrences(of: "<description>d</description>", with: "<description>d</description>\(extra)")
                .utf8)
    }

    /// A route that answers 200 with `body`, an ETag and `headers`, or 304 to a request that has the ETag.
    static func route(_ body: Data, headers: [LoopbackHeader] = []) -> LoopbackRoute {
        LoopbackRoute { request in
            if request.header("If-None-Match") == "\"v1\"" {
                return LoopbackResponse(status: 304, headers: [LoopbackHeader("ETag", "\"v1\"")] + headers)
            }
            return okResponse(body, headers: [LoopbackHeader("ETag", "\"v1\"")] + headers)
        }
    }

    @Test("<ttl>60</ttl>: fetched once, not asked 10 minutes later (page unchanged), asked again after an hour")
    func ttl() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/feed.xml": Self.route(Self.feed("ttl", channel: "<ttl>60</ttl>"))
            ])
            let planet = try CronPlanet(feeds: [(server.url(for: "/feed.xml"), "TTL")])
            defer { planet.remove() }
            #expect(await planet.build().status == 0)
            let (index, status) = (try planet.read("index.html"), try planet.read("status.html"))
            #expect(try planet.status(of: "TTL")?["next_fetch"] as? String == "2026-12-04T17:00:00Z")
            #expect(status.contains("<time datetime=\"2026-12-04T17:00:00Z\">"))

            let second = await planet.build(at: 600)
            #expect(second.status == 0, "\(second.err)")
            #expect(server.requests(to: "/feed.xml").count == 1)
            #expect(try planet.read("index.html") == index)
            #expect(try planet.read("status.html") == status)
            #expect(try planet.status(of: "TTL")?["outcome"] as? String == "ok")

            #expect(await planet.build(at: 3_660).status == 0)
            await server.stop()
            let asked = server.requests(to: "/feed.xml")
            #expect(asked.count == 2)
            #expect(asked.last?.header("If-None-Match") == "\"v1\"")
            // After the 304 the next fetch is an hour after it.
            #expect(try planet.status(of: "TTL")?["next_fetch"] as? String == "2026-12-04T18:01:00Z")
        }
    }

    @Test("poll_interval overrides the feed's ttl, and schedules a feed that gives no hint")
    func pollInterval() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/daily.xml": Self.route(Self.feed("daily", channel: "<ttl>1440</ttl>")),
                "/plain.xml": Self.route(rssFeed("plain")),
                "/free.xml": Self.route(rssFeed("free"))
            ])
            let planet = try CronPlanet(feeds: [])
            defer { planet.remove() }
            try """
            title = Cron Planet
            link = https://planet.example.org/
            \(server.url(for: "/daily.xml").absoluteString) Daily
                poll_interval = 30m
            \(server.url(for: "/plain.xml").absoluteString) Plain
                poll_interval = 3h
            \(server.url(for: "/free.xml").absoluteString) Free

            """.write(to: planet.config, atomically: true, encoding: .utf8)
            #expect(await planet.build().status == 0)
            #expect(await planet.build(at: 600).status == 0)
            #expect(await planet.build(at: 1_860).status == 0)
            #expect(await planet.build(at: 10_860).status == 0)
            await server.stop()
            // Daily: 0, 31 min, 3 h 01 (30 min after each fetch, never a day); Plain: 0 and 3 h 01;
            // Free (no hint, no setting): every build.
            #expect(server.requests(to: "/daily.xml").count == 3)
            #expect(server.requests(to: "/plain.xml").count == 2)
            #expect(server.requests(to: "/free.xml").count == 4)
            #expect(try planet.status(of: "Free")?["next_fetch"] is NSNull)
            #expect(try planet.read("status.html").contains("<td data-label=\"Next fetch\">due</td>"))
        }
    }

    @Test("Cache-Control max-age (less Age) is honoured; no-cache is no hint; --force asks anyway")
    func cacheControl() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/cached.xml": Self.route(
                    rssFeed("cached"),
                    headers: [LoopbackHeader("Cache-Control", "public, max-age=7200"), LoopbackHeader("Age", "3600")]),
                "/nocache.xml": Self.route(
                    Self.feed("nocache", channel: "<ttl>60</ttl>"),
                    headers: [LoopbackHeader("Cache-Control", "no-cache")])
            ])
            let planet = try CronPlanet(feeds: [
                (server.url(for: "/cached.xml"), "Cached"), (server.url(for: "/nocache.xml"), "NoCache")
            ])
            defer { planet.remove() }
            #expect(await planet.build().status == 0)
            #expect(try planet.status(of: "Cached")?["next_fetch"] as? String == "2026-12-04T17:00:00Z")
            #expect(await planet.build(at: 1_800).status == 0)
            #expect(server.requests(to: "/cached.xml").count == 1)
            #expect(await planet.build(at: 2_400, ["--force"]).status == 0)
            #expect(server.requests(to: "/cached.xml").count == 2)
            #expect(await planet.build(at: 6_060).status == 0)
            await server.stop()
            #expect(server.requests(to: "/cached.xml").count == 3)
            // no-cache says nothing about freshness, but the document's ttl still holds (0, --force, 6060).
            #expect(server.requests(to: "/nocache.xml").count == 3)
        }
    }

    @Test("a hint longer than a day is a day")
    func boundedToADay() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/weekly.xml": Self.route(Self.feed("weekly", channel: "<ttl>10080</ttl>"))
            ])
            let planet = try CronPlanet(feeds: [(server.url(for: "/weekly.xml"), "Weekly")])
            defer { planet.remove() }
            #expect(await planet.build().status == 0)
            #expect(try planet.status(of: "Weekly")?["next_fetch"] as? String == "2026-12-05T16:00:00Z")
            #expect(await planet.build(at: 43_200).status == 0)
            #expect(await planet.build(at: 86_400).status == 0)
            await server.stop()
            #expect(server.requests(to: "/weekly.xml").count == 2)
        }
    }
}
