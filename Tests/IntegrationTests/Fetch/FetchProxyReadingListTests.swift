import Foundation
import Planet
import PlanetFetcher
import TestSupport
import Testing

/// A reading list is someone else's file: a public list that names a private address is a
/// public document leading into private space, as a redirect is. Through a proxy the rule must
/// judge the listed feed's host before the request reaches the proxy.
@Suite("Fetch: behind a proxy, a public reading list cannot lead into private space")
struct FetchProxyReadingListTests {
    @Test("the feeds a public reading list names at private addresses never reach the proxy")
    func listedPrivateFeeds() async throws {
        try await withDeadline {
            let opml = """
                <?xml version="1.0"?><opml version="2.0"><head><title>People</title></head><body>
                <outline text="Intranet" type="rss" xmlUrl="http://10.0.0.1/feed"/>
                <outline text="Metadata" type="rss" xmlUrl="http://169.254.169.254/latest/"/>
                <outline text="Good" type="rss" xmlUrl="http://mirror.planet.test/good.xml"/>
                </body></opml>
                """
            let proxy = try await LoopbackServer.start([
                "http://feeds.planet.test/people.opml": .ok(opml, contentType: "text/x-opml"),
                "http://10.0.0.1/feed": .ok(rssFeed("intranet")),
                "http://169.254.169.254/latest/": .ok(rssFeed("metadata")),
                "http://mirror.planet.test/good.xml": .ok(rssFeed("mirrored"))
            ])
            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let config = folder.appendingPathComponent("feeds.txt")
            try """
            title = Behind a proxy
            link = https://planet.example.org/
            list http://feeds.planet.test/people.opml
            """.write(to: config, atomically: true, encoding: .utf8)
            var options = BuildOptions(
                configURL: config, outputURL: folder.appendingPathComponent("output"),
                templates: .folder(CronPlanet.repository.appendingPathComponent("templates")),
                now: Date(timeIntervalSince1970: 1_796_400_000), jobs: 2)
            // No loopback guard (it refuses host names): the names go to the proxy on loopback, and the
            // rule resolves them from the table `resolver`.
            options.proxies = ProxySettings(proxy: "http://127.0.0.1:\(proxy.port)")
            options.resolver = FetchProxyTests.resolver
            _ = try await PlanetBuild.run(options)
            await proxy.stop()
            let targets = proxy.requests.map(\.path)
            #expect(targets.contains("http://mirror.planet.test/good.xml"), "\(targets)")
            #expect(!targets.contains("http://10.0.0.1/feed"), "\(targets)")
            #expect(!targets.contains("http://169.254.169.254/latest/"), "\(targets)")
        }
    }
}
