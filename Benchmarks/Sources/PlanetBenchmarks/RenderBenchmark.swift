import FeedParser
import Foundation
import Mustache
import Planet
import PlanetRiver
import PlanetSite

/// `render`: time to render index.html for a 60-entry river, templates compiled once.
enum RenderBenchmark {
    static let riverSize = 60

    static func run(_ arguments: [String]) -> Int32 {
        let options = Options(arguments, valued: ["--rounds", "--templates", "--feeds"])
        let rounds = max(1, options.integer("--rounds", default: 1000))
        let templates = URL(fileURLWithPath: options.values["--templates"] ?? "templates")
        let feeds = options.values["--feeds"] ?? "Tests/FeedParserTests/Fixtures/corpus"
        let site: Site
        let compile: Double
        do {
            var compiled: Site?
            compile = try measure { compiled = try Site(templatesURL: templates) }
            guard let compiled else { return 2 }
            site = compiled
        } catch {
            print("render: \(error)")
            return 2
        }
        let context = Self.context(feeds: feedFiles([feeds]))
        print(
            String(
                format: "render: %d entries from %d feeds, templates %@ compiled in %.2f ms",
                context.river.count, context.subscriptions.count, templates.path as NSString, compile * 1000))
        let value = context.value()
        var bytes = 0
        do {
            bytes = try site.library.render("index.html", value).utf8.count  // warm-up
            let renderOnly = try measure {
                for _ in 0..<rounds { _ = try site.library.render("index.html", value) }
            }
            let withValue = try measure {
                for _ in 0..<max(1, rounds / 10) { _ = try site.library.render("index.html", context.value()) }
            }
            let allPages = try measure {
                for _ in 0..<max(1, rounds / 10) { _ = try site.render(context) }
            }
            print(
                String(
                    format: "  index.html (%d bytes): %.3f ms per render (%d renders)",
                    bytes, renderOnly * 1000 / Double(rounds), rounds))
            print(
                String(
                    format: "  value tree + index.html:      %.3f ms", withValue * 1000 / Double(max(1, rounds / 10))))
            print(
                String(
                    format: "  every page (Site.render):     %.3f ms (%@)",
                    allPages * 1000 / Double(max(1, rounds / 10)),
                    site.pageNames.joined(separator: ", ") as NSString))
        } catch {
            print("render: \(error)")
            return 2
        }
        return 0
    }

    /// A river of the first `riverSize` entries taken in turn from each parsable feed (real
    /// content: sanitized HTML, authors, categories), dated one hour apart, newest first.
    static func context(feeds files: [URL]) -> SiteContext {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var sources: [(RiverSource, [Entry])] = []
        for file in files {
            guard let data = try? Data(contentsOf: file),
                let feed = try? Feed.parse(data, url: URL(string: "https://feeds.example/\(file.lastPathComponent)")),
                !feed.entries.isEmpty
            else { continue }
            let url = "https://feeds.example/\(file.lastPathComponent)"
            sources.append(
                (
                    RiverSource(
                        feedURL: url, name: feed.title ?? file.lastPathComponent,
                        siteLink: feed.link, publicFeedURL: url), feed.entries
                ))
        }
        var river: [RiverEntry] = []
        var index = 0
        while river.count < riverSize, !sources.isEmpty, index < 10_000 {
            let (source, entries) = sources[index % sources.count]
            let position = index / sources.count
            if position < entries.count {
                river.append(
                    RiverEntry(
                        entry: entries[position], source: source,
                        date: now.addingTimeInterval(-3600 * Double(river.count))))
            }
            index += 1
        }
        let subscriptions = sources.map { source, _ in
            SiteSubscription(name: source.name, feedURL: source.publicFeedURL, siteLink: source.siteLink)
        }
        let configuration = SiteConfiguration(
            title: "Planet Benchmark", link: "https://planet.example/",
            description: "A benchmark river", ownerName: "Jane Doe",
            ownerEmail: "jane@example.org")
        return SiteContext(configuration: configuration, river: river, subscriptions: subscriptions, now: now)
    }
}
