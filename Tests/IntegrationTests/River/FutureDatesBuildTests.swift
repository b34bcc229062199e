import Foundation
import TestSupport
import Testing

/// `future_dates = ignore_entry` (Planet Venus's option, issue 25): an entry dated after the build
/// time is left out of the page until its date comes, and the status counts it; without it (or
/// with `ignore_date`) it shows at its first-seen time, as before.
@Suite("future_dates = ignore_entry")
struct FutureDatesBuildTests {
    /// A feed with one post of 1 Nov 2026 and one dated 10 Dec 2026, after the first build
    /// (4 Dec 2026 16:00 UTC, `CronPlanet.start`).
    static let feed = Data(
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Events</title><link>https://events.example.com/</link>
        <description>d</description>
        <item><title>Past talk</title><link>https://events.example.com/past</link>
        <pubDate>Sun, 01 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><title>Announced meetup</title><link>https://events.example.com/meetup</link>
        <pubDate>Thu, 10 Dec 2026 18:00:00 GMT</pubDate></item>
        </channel></rss>
        """.utf8)

    static func planet(_ server: LoopbackServer, planetWide: String?, feedSetting: String?) throws -> CronPlanet {
        let planet = try CronPlanet(feeds: [])
        var lines = ["title = Cron Planet", "link = https://planet.example.org/"]
        if let planetWide { lines.append("future_dates = \(planetWide)") }
        lines.append("\(server.url(for: "/events.xml").absoluteString) Events")
        if let feedSetting { lines.append("    future_dates = \(feedSetting)") }
        try (lines.joined(separator: "\n") + "\n").write(to: planet.config, atomically: true, encoding: .utf8)
        return planet
    }

    @Test("planet-wide: left out until its date, counted in the status; then shown at its date")
    func planetWide() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/events.xml": LoopbackRoute { _ in okResponse(Self.feed) }])
            let planet = try Self.planet(server, planetWide: "ignore_entry", feedSetting: nil)
            defer { planet.remove() }
            let first = await planet.build()
            #expect(first.status == 0, "\(first.err)")
            var index = try planet.read("index.html")
            #expect(index.contains("Past talk"))
            #expect(!index.contains("Announced meetup"))
            #expect(try planet.status(of: "Events")?["future_entries_left_out"] as? Int == 1)
            #expect(try planet.read("status.html").contains("1 dated in the future left out until their date"))
            // 11 Dec: its date has come.
            let later = await planet.build(at: 7 * 86_400)
            #expect(later.status == 0, "\(later.err)")
            index = try planet.read("index.html")
            #expect(index.contains("Announced meetup"))
            #expect(try planet.status(of: "Events")?["future_entries_left_out"] as? Int == 0)
            await server.stop()
        }
    }

    @Test("a feed's own setting wins over the planet's; ignore_date shows the entry at once")
    func perFeed() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start(["/events.xml": LoopbackRoute { _ in okResponse(Self.feed) }])
            let dropping = try Self.planet(server, planetWide: "ignore_date", feedSetting: "ignore_entry")
            defer { dropping.remove() }
            #expect(await dropping.build().status == 0)
            #expect(!(try dropping.read("index.html")).contains("Announced meetup"))
            let showing = try Self.planet(server, planetWide: "ignore_entry", feedSetting: "ignore_date")
            defer { showing.remove() }
            #expect(await showing.build().status == 0)
            #expect(try showing.read("index.html").contains("Announced meetup"))
            await server.stop()
        }
    }
}
