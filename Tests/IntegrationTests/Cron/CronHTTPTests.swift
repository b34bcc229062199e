import Foundation
import Planet
import PlanetCache
import Synchronization
import TestSupport
import Testing

/// Conditional GET, permanent redirects, gzip, first-seen dates, the lock.
@Suite("planet build under cron: HTTP and dates")
struct CronHTTPTests {
    @Test("a second build sends only conditional requests, gets 304s and rewrites no entry")
    func conditionalRequests() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/etag.xml": .conditional(rssFeed("etag"), etag: "\"v1\"", lastModified: nil),
                "/date.xml": .conditional(rssFeed("date"), etag: nil, lastModified: "Tue, 01 Dec 2026 10:00:00 GMT")
            ])
            let planet = try CronPlanet(feeds: [
                (server.url(for: "/etag.xml"), "ETag"),
                (server.url(for: "/date.xml"), "Date")
            ])
            defer { planet.remove() }
            #expect(await planet.build().status == 0)
            let urls = [server.url(for: "/etag.xml").absoluteString, server.url(for: "/date.xml").absoluteString]
            let before = try await FeedCache(path: planet.cache.path).entries(feedURLs: urls)
            let first = server.requests.count
            #expect(await planet.build(at: 600).status == 0)
            let second = server.requests.dropFirst(first)
            #expect(second.count == 2)
            #expect(server.requests(to: "/etag.xml").last?.header("If-None-Match") == "\"v1\"")
            #expect(
                server.requests(to: "/date.xml").last?.header("If-Modified-Since") == "Tue, 01 Dec 2026 10:00:00 GMT")
            // status.json does not tell a 304 from a 200 (FeedStatus.publishedOutcome): "ok", HTTP 200.
            #expect(try planet.status(of: "ETag")?["outcome"] as? String == "ok")
            #expect(try planet.status(of: "Date")?["outcome"] as? String == "ok")
            #expect(try planet.status(of: "ETag")?["http_status"] as? Int == 200)
            let cache = try FeedCache(path: planet.cache.path)
            let after = try await cache.entries(feedURLs: urls)
            #expect(before == after)
            #expect(before.count == 4)
            // The 304s are recorded (together, after the fetches): the second build's time, validators kept.
            for url in urls {
                let state = try #require(try await cache.state(for: url))
                #expect(state.lastStatus == 304 && state.lastSuccess == CronPlanet.start.addingTimeInterval(600))
            }
            #expect(try await cache.state(for: urls[0])?.etag == "\"v1\"")
            #expect(try planet.read("rss.xml").contains("etag post 2"))
            await server.stop()
        }
    }

    @Test("a 304 for a feed planet has no copy of fails that feed only, and the next build asks again")
    func notModifiedWithoutCachedCopy() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/confused.xml": .status(304),
                "/good.xml": .ok(rssFeed("good"))
            ])
            let planet = try CronPlanet(feeds: [
                (server.url(for: "/confused.xml"), "Confused"),
                (server.url(for: "/good.xml"), "Good")
            ])
            defer { planet.remove() }
            #expect(await planet.build().status == 0)
            let confused = try #require(try planet.status(of: "Confused"))
            #expect(confused["outcome"] as? String == "failed")
            #expect((confused["last_error"] as? String)?.contains("HTTP 304 but no cached copy") == true, "\(confused)")
            #expect(try planet.read("index.html").contains("good post 1"))
            let state = try await FeedCache(path: planet.cache.path).state(
                for: server.url(for: "/confused.xml").absoluteString)
            #expect(state?.lastSuccess == nil && state?.failureStreak == 1)
            #expect(await planet.build(at: 600).status == 0)
            #expect(server.requests(to: "/confused.xml").count == 2)
            #expect(server.requests(to: "/confused.xml").last?.header("If-None-Match") == nil)
            await server.stop()
        }
    }

    @Test(
        "301 and 308 chains are followed, recorded, reported and applied with --apply-redirects",
        arguments: [301, 308])
    func permanentRedirects(_ status: Int) async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/old.xml": .redirect(to: "/middle.xml", status: status),
                "/middle.xml": .redirect(to: "/new.xml", status: status),
                "/new.xml": .gzip(rssFeed("moved"))
            ])
            let planet = try CronPlanet(feeds: [(server.url(for: "/old.xml"), "Moved")])
            defer { planet.remove() }
            let first = await planet.build()
            #expect(first.status == 0)
            #expect(first.err.contains("1 redirect to apply"))
            #expect(first.err.contains(server.url(for: "/new.xml").absoluteString))
            #expect(
                try planet.status(of: "Moved")?["redirect_to"] as? String == server.url(for: "/new.xml").absoluteString)
            #expect(try planet.read("index.html").contains("moved post 1"))
            let applied = await planet.build(at: 600, ["--apply-redirects"])
            #expect(applied.status == 0)
            let config = try String(contentsOf: planet.config, encoding: .utf8)
            #expect(config.contains("\(server.url(for: "/new.xml").absoluteString) Moved"))
            #expect(!config.contains("/old.xml"))
            #expect(config.hasPrefix("title = Cron Planet\nlink = https://planet.example.org/\n"))
            #expect(try planet.status(of: "Moved")?["redirect_to"] is NSNull)
            #expect(try planet.read("rss.xml").contains("moved post 2"))
            await server.stop()
        }
    }

    @Test(
        """
        a redirect the server makes temporary, or permanent again, is followed while the target answers 304: \
        --apply-redirects does not move a feed that moved only for now
        """
    )
    func redirectChangesBehind304s() async throws {
        try await withDeadline {
            let permanent = Mutex(true)
            let server = try await LoopbackServer.start([
                "/old.xml": LoopbackRoute { request in
                    LoopbackResponse(
                        status: permanent.withLock { $0 } ? 301 : 302,
                        headers: [LoopbackHeader("Location", "http://\(request.host):\(request.port)/new.xml")])
                },
                "/new.xml": .conditional(rssFeed("moved"), etag: "\"n1\"", lastModified: nil)
            ])
            let planet = try CronPlanet(feeds: [(server.url(for: "/old.xml"), "Moved")])
            defer { planet.remove() }
            let target = server.url(for: "/new.xml").absoluteString
            #expect(await planet.build().status == 0)
            #expect(try planet.status(of: "Moved")?["redirect_to"] as? String == target)
            // Now temporary; the target's answer is a 304.
            permanent.withLock { $0 = false }
            let temporary = await planet.build(at: 600)
            #expect(temporary.status == 0 && !temporary.err.contains("redirect to apply"), "\(temporary.err)")
            #expect(try planet.status(of: "Moved")?["redirect_to"] is NSNull)
            let applied = await planet.build(at: 1200, ["--apply-redirects"])
            #expect(applied.status == 0)
            #expect(try String(contentsOf: planet.config, encoding: .utf8).contains("/old.xml"))
            // Permanent again, still behind a 304: reported again.
            permanent.withLock { $0 = true }
            let again = await planet.build(at: 1800)
            #expect(again.err.contains("1 redirect to apply"), "\(again.err)")
            #expect(try planet.status(of: "Moved")?["redirect_to"] as? String == target)
            let statuses = server.requests(to: "/new.xml").map { $0.header("If-None-Match") }
            #expect(statuses.dropFirst().allSatisfy { $0 == "\"n1\"" }, "\(statuses)")
            await server.stop()
        }
    }

    @Test("undated entries keep their first-seen date across three builds")
    func undatedEntriesKeepFirstSeen() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/undated.xml": .ok(rssFeed("undated", dated: false))])
            let planet = try CronPlanet(feeds: [(server.url(for: "/undated.xml"), "Undated")])
            defer { planet.remove() }
            var pages: [String] = []
            for hour in 0..<3 {
                #expect(await planet.build(at: Double(hour) * 3600).status == 0)
                pages.append(try planet.read("rss.xml"))
            }
            for page in pages {
                #expect(
                    page.components(separatedBy: "<pubDate>Fri, 04 Dec 2026 16:00:00 +0000</pubDate>").count == 3,
                    "\(page)")
            }
            #expect(server.requests(to: "/undated.xml").count == 3)
            await server.stop()
        }
    }

    @Test("--offline renders from the cache without a request")
    func offline() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/feed.xml": .ok(rssFeed("cached"))])
            let planet = try CronPlanet(feeds: [(server.url(for: "/feed.xml"), "Cached")])
            defer { planet.remove() }
            _ = await planet.build()
            try FileManager.default.removeItem(at: planet.output)
            #expect(await planet.build(at: 60, ["--offline"]).status == 0)
            #expect(server.requests.count == 1)
            #expect(try planet.read("index.html").contains("cached post 2"))
            await server.stop()
        }
    }

    @Test("--strict exits 1 when a feed failed; the site is still written")
    func strict() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/good.xml": .ok(rssFeed("good")), "/bad.xml": .status(500)])
            let planet = try CronPlanet(feeds: [
                (server.url(for: "/good.xml"), "Good"), (server.url(for: "/bad.xml"), "Bad")
            ])
            defer { planet.remove() }
            #expect(await planet.build(["--strict"]).status == 1)
            #expect(try planet.read("index.html").contains("good post 1"))
            await server.stop()
        }
    }
}
