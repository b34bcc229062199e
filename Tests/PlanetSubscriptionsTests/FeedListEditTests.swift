import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("feeds.txt edits")
struct FeedListEditTests {
    @Test func addAppendsAfterTheLastFeedAlignedAndOnce() throws {
        var list = try FeedList.parse(designExample + "# trailing comment\n", file: feedsFile)
        let feed = Subscription(url: URL(string: "https://new.org/rss")!, name: "New One")
        let added = list.add(feed)
        let again = list.add(Subscription(url: feed.url, name: "Other name"))
        let local = list.add(Subscription(url: URL(fileURLWithPath: "/srv/planet/feeds/local.xml")))
        #expect(added && !again && local)
        let expected =
            designExample.replacingOccurrences(
                of: "John Roe\n",
                with: "John Roe\nhttps://new.org/rss                 New One\nfeeds/local.xml\n")
            + "# trailing comment\n"
        #expect(list.serialized() == expected)
        #expect(list.subscriptions.map(\.line) == [7, 8, 9, 10])
        #expect(try FeedList.parse(list.serialized(), file: feedsFile) == list)
    }

    @Test func removeTakesTheCommentAboveButNotAGroupHeader() throws {
        let text = """
            title = T

            # group header
            https://a.org/f A
            https://b.org/f B
            # about c
            https://c.org/f C

            """
        var list = try FeedList.parse(text, file: feedsFile)
        let removedC = try list.remove("c")
        #expect(removedC.url.absoluteString == "https://c.org/f")
        #expect(try list.remove("https://a.org/f").name == "A")
        #expect(list.serialized() == "title = T\n\n# group header\nhttps://b.org/f B\n")
    }

    @Test func removeRefusesUnknownAndAmbiguousNames() throws {
        var list = try FeedList.parse("https://a.org/f Jane\nhttps://b.org/f jane\n", file: feedsFile)
        let before = list
        #expect(throws: FeedListError(.notFound("Nobody"), file: feedsFile)) {
            var copy = before
            try copy.remove("Nobody")
        }
        do {
            try list.remove("JANE")
            Issue.record("an ambiguous name was removed")
        } catch {
            #expect(
                error.description == "feeds.txt: 'JANE' names 2 feeds (line 1: https://a.org/f, "
                    + "line 2: https://b.org/f); remove one by its URL")
        }
        #expect(list == before)
    }

    @Test func replaceURLKeepsNameAndPlace() throws {
        var list = try FeedList.parse("  https://old.org/f   Old Name\nhttps://b.org/f\n", file: feedsFile)
        let replaced = list.replaceURL(URL(string: "https://old.org/f")!, with: URL(string: "https://new.org/feed")!)
        let missing = list.replaceURL(URL(string: "https://none.org/")!, with: URL(string: "https://x.org/")!)
        #expect(replaced && !missing)
        #expect(list.serialized() == "  https://new.org/feed   Old Name\nhttps://b.org/f\n")
        #expect(list.subscriptions.first?.name == "Old Name")
    }

    @Test func setSettingReplacesOrInsertsAboveTheFeeds() throws {
        var list = try FeedList.parse("title = A\nhttps://a.org/f\n", file: feedsFile)
        list.setSetting("title", "B")
        list.setSetting("owner", "Me")
        #expect(list.serialized() == "title = B\nowner = Me\nhttps://a.org/f\n")
        var bare = try FeedList.parse("# feeds\nhttps://a.org/f\n", file: feedsFile)
        bare.setSetting("title", "T")
        #expect(bare.serialized() == "title = T\n\n# feeds\nhttps://a.org/f\n")
    }

    @Test func saveWritesAtomicallyAndLoadReadsItBack() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("planet-feedlist-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("feeds.txt")
        var list = try FeedList.parse(designExample, file: file)
        list.add(Subscription(url: URL(string: "https://c.org/f")!))
        try list.save()
        #expect(try FeedList.load(file) == list)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["feeds.txt"])
    }
}
