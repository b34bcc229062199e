import Foundation
import Testing

@testable import PlanetSubscriptions

/// `FeedList.merge`: what `planet import` adds to feeds.txt from an OPML file or a Venus config.
@Suite("feeds.txt: merging an imported list")
struct FeedListImportTests {
    private static func feed(_ url: String, _ name: String? = nil) -> Subscription {
        Subscription(url: URL(string: url)!, name: name)
    }

    /// feeds.txt as `planet init` writes its settings, with one of them edited.
    private static let initialised =
        FeedList.placeholderSettings
        .map { $0.key == "link" ? "link = https://mine.example/" : "\($0.key) = \($0.value)" }
        .joined(separator: "\n") + "\n\nhttps://a.org/feed   A\n"

    @Test("feeds already listed, or listed twice in the import, are skipped; a group is a comment above its first feed")
    func feedsOnceWithTheirGroups() throws {
        var list = try FeedList.parse("https://a.org/feed   A\n", file: feedsFile)
        let imported = ImportedList(
            feeds: [
                (Self.feed("https://b.org/feed", "B"), "Tech / Swift"),
                (Self.feed("HTTPS://A.ORG:443/feed", "A again"), "Tech / Swift"),
                (Self.feed("https://c.org/feed", "C"), "Tech / Swift"),
                (Self.feed("https://b.org/feed#x", "B again"), nil),
                (Self.feed("https://d.org/feed"), nil),
                (Self.feed("https://e.org/feed", "E"), "News")
            ], readingLists: [URL(string: "https://lists.example/blogroll.opml")!])
        let summary = list.merge(imported)
        #expect(summary == ImportSummary(added: 4, skipped: 2, settings: []))
        #expect(
            list.serialized() == """
                https://a.org/feed   A
                # Tech / Swift
                https://b.org/feed   B
                https://c.org/feed   C
                https://d.org/feed
                # News
                https://e.org/feed   E
                list https://lists.example/blogroll.opml

                """)
    }

    @Test("settings are set when feeds.txt lacks them or still has planet init's placeholder, not when edited")
    func settingsReplacePlaceholdersOnly() throws {
        var list = try FeedList.parse(Self.initialised, file: feedsFile)
        let imported = ImportedList(
            feeds: [],
            settings: [
                ("title", "Planet Venus"), ("link", "https://venus.example.org/"), ("days_per_page", "7"),
                ("include", "category:python"), ("include", "category:swift")
            ])
        let summary = list.merge(imported)
        #expect(summary == ImportSummary(added: 0, skipped: 0, settings: ["title", "days_per_page", "include"]))
        let settings = list.settings.values
        #expect(settings["title"] == "Planet Venus")
        #expect(settings["link"] == "https://mine.example/")
        #expect(settings["owner"] == "Your Name <you@example.org>")
        #expect(settings["days_per_page"] == "7")
        #expect(list.serialized().contains("include = category:python\ninclude = category:swift\n"))
    }
}
