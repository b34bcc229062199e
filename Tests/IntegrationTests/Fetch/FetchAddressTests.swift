import Foundation
import Glibc
import Planet
import PlanetFetcher
import TestSupport
import Testing

/// Who the fetcher talks to: credentials in the URL, upper-case schemes and hosts, IPv6
/// literals, and the rule that a public address may not redirect into private address space.
@Suite("Fetch: addresses, credentials and private space")
struct FetchAddressTests {
    /// True when this machine can listen on `::1`.
    static let hasIPv6Loopback: Bool = {
        (try? Socket6Probe.canListen()) ?? false
    }()

    /// A policy under which 127.0.0.1 is public and 127.0.0.2 private (and everything else as
    /// usual): tests stay on loopback and still exercise the rule.
    static let policy = AddressPolicy { address in
        if address.description == "127.0.0.1" { return false }
        return address.isPrivateOrLocal
    }

    @Test("credentials in the URL authenticate, follow a same-origin redirect, and appear in no output file")
    func credentialsStayPrivate() async throws {
        try await withDeadline {
            let other = try await LoopbackServer.start([
                "/private.xml": .basicAuth(user: "reader", password: "s3cret", .ok(rssFeed("elsewhere")))
            ])
            let server = try await LoopbackServer.start([
                "/private.xml": .basicAuth(user: "reader", password: "s3cret", .ok(rssFeed("private"))),
                "/moved.xml": .relativeRedirect(to: "/private.xml", status: 301),
                "/away.xml": .redirect(to: other.url(for: "/private.xml").absoluteString, status: 302),
                "/good.xml": .ok(rssFeed("good"))
            ])
            func authed(_ path: String, password: String = "s3cret") throws -> URL {
                try #require(URL(string: "http://reader:\(password)@127.0.0.1:\(server.port)\(path)"))
            }
            let planet = try CronPlanet(feeds: [
                (try authed("/private.xml"), "Private"), (try authed("/moved.xml"), "Moved"),
                (try authed("/away.xml"), "Away"), (try authed("/private.xml", password: "wrong"), "Wrong"),
                (server.url(for: "/good.xml"), "Good")
            ])
            defer { planet.remove() }
            let run = await planet.build()
            await server.stop()
            await other.stop()
            #expect(run.status == 0, "\(run.err)")
            #expect(try planet.read("index.html").contains("private post 1"))
            #expect(try planet.status(of: "Moved")?["error_kind"] is NSNull)
            #expect(
                try planet.status(of: "Moved")?["redirect_to"] as? String
                    == server.url(for: "/private.xml").absoluteString)
            // Credentials go to the origin they were given for, never to another host or port.
            #expect(try planet.status(of: "Away")?["error_kind"] as? String == "needs-credentials")
            #expect(other.requests.allSatisfy { $0.header("Authorization") == nil })
            #expect(try planet.status(of: "Wrong")?["error_kind"] as? String == "needs-credentials")
            #expect(!run.err.contains("s3cret") && !run.err.contains("wrong@"), "\(run.err)")
            let files = try FileManager.default.subpathsOfDirectory(atPath: planet.output.path)
            #expect(files.contains("status.json") && files.contains("opml.xml"))
            for file in files {
                let data = (try? Data(contentsOf: planet.output.appendingPathComponent(file))) ?? Data()
                let text = String(decoding: data, as: UTF8.self)
                #expect(!text.contains("s3cret") && !text.contains("reader:") && !text.contains("reader@"), "\(file)")
            }
        }
    }

    @Test("an upper-case scheme and host in feeds.txt is fetched; one in a redirect is lower-cased")
    func upperCase() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/feed.xml": .ok(rssFeed("upper")),
                "/old.xml": LoopbackRoute { request in
                    LoopbackResponse(
                        status: 301, headers: [LoopbackHeader("Location", "HTTP://127.0.0.1:\(request.port)/feed.xml")])
                }
            ])
            let planet = try CronPlanet(feeds: [
                (try #require(URL(string: "HTTP://127.0.0.1:\(server.port)/feed.xml")), "Upper"),
                (server.url(for: "/old.xml"), "Moved")
            ])
            defer { planet.remove() }
            let run = await planet.build()
            await server.stop()
            #expect(run.status == 0, "\(run.err)")
            #expect(try planet.status(of: "Upper")?["error_kind"] is NSNull)
            #expect(try planet.read("index.html").contains("upper post 1"))
            #expect(
                try planet.status(of: "Moved")?["redirect_to"] as? String == server.url(for: "/feed.xml").absoluteString
            )
        }
    }

    @Test("an IPv6 literal URL is fetched", .enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback (::1)"))
    func ipv6Literal() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(
                [
                    "/feed.xml": .ok(rssFeed("six")),
                    "/old.xml": .relativeRedirect(to: "feed.xml")
                ],
                address: .ipv6Loopback)
            #expect(server.url(for: "/feed.xml").absoluteString.hasPrefix("http://[::1]:"))
            let planet = try CronPlanet(feeds: [(server.url(for: "/old.xml"), "Six")])
            defer { planet.remove() }
            let run = await planet.build()
            await server.stop()
            #expect(run.status == 0, "\(run.err)")
            let six = try planet.status(of: "Six") ?? [:]
            #expect(six["error_kind"] is NSNull, "\(six)")
            #expect(try planet.read("index.html").contains("six post 1"))
        }
    }

    @Test(
        """
        a redirect from a public address into private space is refused before connecting; the status page tells \
        nothing of it
        """
    )
    func privateRedirectRefused() async throws {
        try await withDeadline {
            let inside = try await LoopbackServer.start(
                [
                    "/internal.xml": .ok(rssFeed("internal")),
                    "/loop.xml": .relativeRedirect(to: "/internal.xml", status: 302)
                ],
                address: .second)
            let outside = try await LoopbackServer.start([
                "/feed.xml": .redirect(to: inside.url(for: "/internal.xml").absoluteString, status: 301),
                "/closed.xml": .redirect(to: "http://127.0.0.2:9/nothing", status: 302),
                "/good.xml": .ok(rssFeed("good"))
            ])
            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let config = folder.appendingPathComponent("feeds.txt")
            // The inside server's own feeds are subscribed on purpose: fetched, redirect included.
            try """
            title = Private
            link = https://planet.example.org/
            \(inside.url(for: "/loop.xml").absoluteString) Inside
            \(outside.url(for: "/feed.xml").absoluteString) Sneaky
            \(outside.url(for: "/closed.xml").absoluteString) Scanner
            \(outside.url(for: "/good.xml").absoluteString) Good
            """.write(to: config, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("output")
            var options = BuildOptions(
                configURL: config, outputURL: output,
                templates: .folder(CronPlanet.repository.appendingPathComponent("templates")),
                now: Date(timeIntervalSince1970: 1_796_400_000), jobs: 1)
            options.addressPolicy = Self.policy
            options.loopbackOnly = LoopbackGuard()
            let built = options
            let report = try await PlanetBuild.run(built)
            await outside.stop()
            await inside.stop()
            #expect(report.feedsOK == 2)
            #expect(Set(report.failures.map(\.kind)) == [.privateAddress])
            #expect(inside.requests(to: "/internal.xml").count == 1, "only the subscription's own request")
            let status = try String(contentsOf: output.appendingPathComponent("status.json"), encoding: .utf8)
            let page = try String(contentsOf: output.appendingPathComponent("status.html"), encoding: .utf8)
            for text in [status, page] {
                #expect(text.contains("private address space"))
                #expect(!text.contains("127.0.0.2:9"))
                #expect(!text.contains("/nothing"))
                #expect(text.components(separatedBy: "/internal.xml").count == 1)
            }
            // The refused redirect and the one to a closed port read the same: no port scanning.
            let messages = report.failures.map {
                $0.message.replacingOccurrences(of: $0.url.absoluteString, with: "URL")
            }
            #expect(messages.count == 2 && messages[0] == messages[1], "\(messages)")
        }
    }

    @Test(
        "private to private is allowed; the standard policy calls loopback, RFC 1918, link-local, CGNAT and ULA private"
    )
    func standardPolicy() throws {
        let privateOnes = [
            "127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
            "100.64.0.1", "100.127.255.255", "0.0.0.0", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1",
            "::ffff:10.0.0.1", "::ffff:127.0.0.1", "64:ff9b::a9fe:a9fe", "64:ff9b::127.0.0.1"
        ]
        let publicOnes = [
            "8.8.8.8", "172.32.0.1", "100.128.0.1", "192.0.2.1", "2001:db8::1", "fe00::1", "::ffff:8.8.8.8",
            "64:ff9b::808:808"
        ]
        for text in privateOnes { #expect(try #require(IPAddress(text)).isPrivateOrLocal, "\(text)") }
        for text in publicOnes { #expect(try #require(IPAddress(text)).isPrivateOrLocal == false, "\(text)") }
        #expect(IPAddress("example.org") == nil)
        #expect(IPAddress("::ffff:10.0.0.1")?.description == "::ffff:10.0.0.1")
    }
}

/// Whether `::1` can be listened on, without keeping the socket.
enum Socket6Probe {
    static func canListen() throws -> Bool {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }
}
