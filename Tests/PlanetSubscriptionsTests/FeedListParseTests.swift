import Foundation
import Testing

@testable import PlanetSubscriptions

/// feeds.txt as a test folder sees it: `/srv/planet/feeds.txt`, shown as `feeds.txt`.
let planetFolder = URL(fileURLWithPath: "/srv/planet/", isDirectory: true)
let feedsFile = URL(fileURLWithPath: "feeds.txt", relativeTo: planetFolder)

let designExample = """
    # settings: "key = value" lines before the first feed
    title = Planet Example
    link = https://planet.example.org/
    owner = Jane Doe <jane@example.org>

    # one feed per line: the feed's URL (or a file path / file:// URL), then an optional display name
    https://blog.example.com/feed.xml   Jane Doe
    https://example.net/atom.xml        John Roe

    """

@Suite("feeds.txt parsing")
struct FeedListParseTests {
    @Test func readsTheExampleOfDesignMd() throws {
        let list = try FeedList.parse(designExample, file: feedsFile)
        #expect(
            list.subscriptions == [
                Subscription(url: URL(string: "https://blog.example.com/feed.xml")!, name: "Jane Doe", line: 7),
                Subscription(url: URL(string: "https://example.net/atom.xml")!, name: "John Roe", line: 8)
            ])
        #expect(list.settings.title == "Planet Example")
        #expect(list.settings.link == URL(string: "https://planet.example.org/"))
        #expect(list.settings.ownerName == "Jane Doe")
        #expect(list.settings.ownerEmail == "jane@example.org")
        #expect(list.settings.itemsPerPage == 60)
        #expect(list.warnings.isEmpty)
        #expect(list.serialized() == designExample)
    }

    @Test func keepsEveryLineAndCRLF() throws {
        let text = "# a\r\n\r\n  title=T  \r\n\tfeeds/a.xml\r\n#end\r\n"
        let list = try FeedList.parse(text, file: feedsFile)
        #expect(list.lines.count == 5)
        #expect(list.serialized() == text)
        #expect(list.settings.title == "T")
    }

    @Test func resolvesPathsAgainstTheFolderOfFeedsTxt() throws {
        let text = "feeds/a.xml A\n../b.rss\n/var/c.xml\nfile:///tmp/d.xml D d\n"
        let list = try FeedList.parse(text, file: feedsFile)
        #expect(
            list.subscriptions.map(\.url.path) == ["/srv/planet/feeds/a.xml", "/srv/b.rss", "/var/c.xml", "/tmp/d.xml"])
        #expect(list.subscriptions.map(\.name) == ["A", nil, nil, "D d"])
        #expect(list.subscriptions.allSatisfy { $0.url.isFileURL })
    }

    @Test func aURLWithAnEqualsSignIsAFeed() throws {
        let list = try FeedList.parse("https://example.org/feed?a=b  Query\n", file: feedsFile)
        #expect(list.subscriptions.first?.url.absoluteString == "https://example.org/feed?a=b")
        #expect(list.settings.values.isEmpty)
    }

    @Test func settingsHaveTypedValuesAndDefaults() throws {
        let text = """
            items_per_page = 25
            timezone = Europe/Paris
            keep_days = 0
            keep_entries = 100
            max_bytes = 1000000
            language = pt-BR
            description = A planet.
            """
        let settings = try FeedList.parse(text, file: feedsFile).settings
        #expect(settings.itemsPerPage == 25)
        #expect(settings.timezone.identifier == "Europe/Paris")
        #expect(settings.keepDays == 0)
        #expect(settings.keepEntries == 100)
        #expect(settings.maxBytes == 1_000_000)
        #expect(settings.language == "pt-BR")
        #expect(settings.siteDescription == "A planet.")
        let empty = FeedList.Settings()
        #expect(empty.itemsPerPage == 60)
        #expect(empty.timezone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 0)
        #expect(empty.keepDays == nil && empty.maxBytes == nil && empty.title == nil)
    }

    @Test func warnsAboutUnknownSettingsDuplicatesAndHostLikePaths() throws {
        let text = "colour = blue\nhttps://a.org/f\nexample.org/feed\nhttps://a.org/f Again\nfeeds/x.xml\n"
        let list = try FeedList.parse(text, file: feedsFile)
        #expect(
            list.warnings == [
                "feeds.txt:1: unknown setting 'colour' is ignored (known: activity_threshold, archive_pages, "
                    + "copy_faces, "
                    + "date_format, days_per_page, description, excerpt_length, exclude, face_height, face_width, "
                    + "future_dates, "
                    + "include, item_title, items_per_feed, items_per_page, keep_days, keep_entries, keep_tracking, "
                    + "language, link, locale, max_bytes, min_heading, new_feed_items, owner, per_host, time_format, "
                    + "timezone, title)",
                "feeds.txt:3: 'example.org/feed' is read as a file path; write 'https://example.org/feed' "
                    + "if it is a web address",
                "feeds.txt:4: 'https://a.org/f' as 'Again' is already listed on line 2; this line is ignored"
            ])
        #expect(list.subscriptions.count == 3)
        #expect(list.settings.values["colour"] == "blue")
    }

    @Test func unknownSettingsNameTheClosestKnownOne() throws {
        let text = "itemsperpage = 5\ntitel = Oops\nowners = Jane\nx-unknown =\n"
        let list = try FeedList.parse(text, file: feedsFile)
        #expect(
            list.warnings == [
                "feeds.txt:1: unknown setting 'itemsperpage' (did you mean 'items_per_page'?); it is ignored",
                "feeds.txt:2: unknown setting 'titel' (did you mean 'title'?); it is ignored",
                "feeds.txt:3: unknown setting 'owners' (did you mean 'owner'?); it is ignored",
                "feeds.txt:4: unknown setting 'x-unknown' is ignored (known: activity_threshold, archive_pages, "
                    + "copy_faces, "
                    + "date_format, days_per_page, description, excerpt_length, exclude, face_height, face_width, "
                    + "future_dates, "
                    + "include, item_title, items_per_feed, items_per_page, keep_days, keep_entries, keep_tracking, "
                    + "language, link, locale, max_bytes, min_heading, new_feed_items, owner, per_host, time_format, "
                    + "timezone, title)"
            ])
    }

    @Test func aBlankThenHashEndsTheNameOfAFeedLine() throws {
        let text =
            "https://a.org/f   Jane Doe   # her blog\nhttps://b.org/f#top C# Weekly\n"
            + "https://c.org/f\t# no name\n"
        let list = try FeedList.parse(text, file: feedsFile)
        #expect(list.subscriptions.map(\.name) == ["Jane Doe", "C# Weekly", nil])
        #expect(
            list.subscriptions.map(\.url.absoluteString) == [
                "https://a.org/f", "https://b.org/f#top", "https://c.org/f"
            ])
        #expect(list.serialized() == text)
    }

    @Test func loadReportsAMissingFile() throws {
        let missing = URL(
            fileURLWithPath: "no-such-planet-\(UUID().uuidString)/feeds.txt",
            relativeTo: FileManager.default.temporaryDirectory)
        #expect(throws: FeedListError(.missing, file: missing)) { try FeedList.load(missing) }
        let message = FeedListError(.missing, file: feedsFile).description
        #expect(message == "feeds.txt: does not exist; create a planet with 'planet init' or pass --config FILE")
    }
}
