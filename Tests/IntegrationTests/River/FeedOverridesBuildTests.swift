import Foundation
import TestSupport
import Testing

/// Per-feed overrides for broken feeds (`FeedOverrides`: Venus's `ignore_in_feed`, `xml_base`,
/// `encoding`, `summary_type`), read by a build: one document served twice, under a feed without
/// overrides and under one with them, and the planet's feed.json compared.
@Suite("per-feed overrides of what a feed says wrong, in a build")
struct FeedOverridesBuildTests {
    /// Says UTF-8 but has a KOI8-R title (read as GB 18030 without `encoding = koi8-r`), names an author and a
    /// language, has a plain-text summary with `<` in it and content with a relative image.
    static func document(_ name: String) -> Data {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
            <title>X</title><link>https://x.example.com/</link><description>d</description><language>fr</language>
            <item><title>TITLE</title><link>https://x.example.com/1</link><guid>https://x.example.com/1</guid>
            <author>jane@example.com (Jane Roe)</author><pubDate>2 Nov 2026 10:00:00 GMT</pubDate>
            <description>if a &lt; b then &lt;b&gt; is bold</description></item>
            <item><title>Two</title><link>https://x.example.com/2</link><guid>https://x.example.com/2</guid>
            <pubDate>1 Nov 2026 10:00:00 GMT</pubDate>
            <content:encoded>&lt;p&gt;&lt;img src="pic.png" alt="p"&gt;&lt;/p&gt;</content:encoded></item>
            </channel></rss>
            """.replacingOccurrences(of: "x.example.com", with: "\(name).example.com")
        let parts = text.components(separatedBy: "TITLE")
        // "Привет" in KOI8-R, which the document's UTF-8 label does not describe.
        return Data(parts[0].utf8) + Data([0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]) + Data(parts[1].utf8)
    }

    @Test func overridesApplyToTheirFeedOnly() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/plain.xml": .ok(Self.document("plain")), "/fixed.xml": .ok(Self.document("fixed"))
            ])
            let planet = try CronPlanet(feeds: [])
            defer { planet.remove() }
            let lines = [
                "title = Cron Planet", "link = https://planet.example.org/",
                "\(server.url(for: "/plain.xml").absoluteString) Plain",
                "\(server.url(for: "/fixed.xml").absoluteString) Fixed",
                "    encoding = koi8-r", "    ignore_author = yes", "    ignore_language = yes",
                "    summary_type = text", "    xml_base = https://cdn.example.net/x/"
            ]
            try (lines.joined(separator: "\n") + "\n").write(to: planet.config, atomically: true, encoding: .utf8)
            let built = await planet.build()
            await server.stop()
            #expect(built.status == 0, "\(built.err)")
            let data = try Data(contentsOf: planet.output.appendingPathComponent("feed.json"))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let items = try #require(root["items"] as? [[String: Any]])
            func item(_ title: String) -> [String: Any] { items.first { $0["title"] as? String == title } ?? [:] }
            let plain =
                items.first {
                    ($0["title"] as? String)?.hasPrefix("Plain: ") == true && $0["title"] as? String != "Plain: Two"
                } ?? [:]
            let fixed = item("Fixed: Привет")
            #expect(!fixed.isEmpty, "\(items.map { $0["title"] ?? "" })")
            #expect((plain["authors"] as? [[String: Any]])?.first?["name"] as? String == "Jane Roe")
            #expect((fixed["authors"] as? [[String: Any]])?.first?["name"] as? String == "Fixed")
            #expect(plain["language"] as? String == "fr" && fixed["language"] == nil, "\(fixed)")
            #expect(plain["content_html"] as? String == "if a &lt; b then <b> is bold</b>", "\(plain)")
            #expect(fixed["content_html"] as? String == "if a &lt; b then &lt;b&gt; is bold", "\(fixed)")
            let image = item("Fixed: Two")["content_html"] as? String ?? ""
            #expect(image.contains("src=\"https://cdn.example.net/x/pic.png\""), "\(image)")
            let plainImage = item("Plain: Two")["content_html"] as? String ?? ""
            // Without xml_base, RSS item HTML resolves against the item's own link (issue 28).
            #expect(plainImage.contains("src=\"https://plain.example.com/pic.png\""), "\(plainImage)")
        }
    }
}
