import FeedParser
import Foundation
import PlanetRiver
import Testing

@testable import PlanetSite

/// Pages and feeds print no DEL or C1 control, whatever the model holds (an entry cached before
/// the parser cleaned them, a name set in code): every `{{name}}` goes through the one escaper,
/// which applies `TextControls`.
@Suite("Site: DEL and C1 controls")
struct ControlCharacterPageTests {
    @Test("titles and names on the page and in the feeds: DEL removed, C1 as windows-1252")
    func escaped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planet-c1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let line = "{{planet.title}}|{{#entries}}{{title}}/{{feed_name}};{{/entries}}"
        try line.write(to: folder.appendingPathComponent("index.html.mustache"), atomically: true, encoding: .utf8)
        try ("<t>" + line + "</t>").write(
            to: folder.appendingPathComponent("rss.xml.mustache"), atomically: true, encoding: .utf8)
        let now = Date(timeIntervalSince1970: 1_796_400_000)
        let source = RiverSource(feedURL: "https://e.org/feed", name: "Jane\u{85}Doe")
        let entry = RiverEntry(
            entry: Entry(id: "https://e.org/1", title: "A\u{7F}B\u{92}C\u{9D}"), source: source, date: now)
        let context = SiteContext(
            configuration: SiteConfiguration(title: "Planet\u{7F}\u{80}"), river: [entry], subscriptions: [],
            now: now, pages: try SitePages(markdown: [:]))
        let files = try Site(templatesURL: folder).render(context)
        #expect(String(decoding: try #require(files["index.html"]), as: UTF8.self) == "Planet€|AB’C/Jane…Doe;")
        #expect(String(decoding: try #require(files["rss.xml"]), as: UTF8.self) == "<t>Planet€|AB’C/Jane…Doe;</t>")
    }
}
