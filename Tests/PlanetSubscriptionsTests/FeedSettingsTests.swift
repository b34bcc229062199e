import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("feeds.txt per-feed settings")
struct FeedSettingsTests {
    static let text = """
        title = T
        include = category:python

        https://a.org/feed.xml   Jane Doe
            face = jane.png
            # her Python posts only
            include = category:python
            include = title:/swift/i
            nickname = jd
        https://b.org/feed.xml   B
        # tail

        """

    @Test func indentedLinesBelongToTheFeedAboveAndTheFileStaysAsWritten() throws {
        let list = try FeedList.parse(Self.text, file: feedsFile)
        let feeds = list.subscriptions
        #expect(feeds.count == 2)
        #expect(feeds[0].settings.face == "jane.png")
        #expect(feeds[0].settings.values("include") == ["category:python", "title:/swift/i"])
        #expect(
            feeds[0].settings.include == [
                EntryFilter(field: .category, pattern: "python", ignoresCase: true),
                EntryFilter(field: .title, pattern: "swift", ignoresCase: true)
            ])
        #expect(feeds[0].settings.custom == [FeedSettings.Pair(key: "nickname", value: "jd")])
        #expect(feeds[1].settings.isEmpty)
        #expect(list.settings.include.count == 1)
        #expect(list.serialized() == Self.text)
        #expect(list.warnings.isEmpty)
    }

    @Test func aNameSettingIsTheDisplayName() throws {
        let list = try FeedList.parse("https://a.org/f  Line Name\n  name = Setting Name\n", file: feedsFile)
        #expect(list.subscriptions[0].name == "Setting Name")
    }

    @Test(arguments: [
        ("https://a.org/f\n  face = ../secret.png\n", 2, "'face' must be an image in the faces/ folder"),
        ("https://a.org/f\n  face = /etc/passwd\n", 2, "'face' must be an image in the faces/ folder"),
        ("https://a.org/f\n  face = http://a.org/j.png\n", 2, "'face' must be an image in the faces/ folder"),
        ("https://a.org/f\n  face_width = wide\n", 2, "'face_width' must be a whole number greater than 0"),
        ("https://a.org/f\n  include = tag:python\n", 2, "'include' must be 'category:NAME'"),
        ("https://a.org/f\n  exclude = title:/(/\n", 2, "'exclude' must be a valid regular expression"),
        ("https://a.org/f\n  ignore_updated = maybe\n", 2, "'ignore_updated' must be yes or no"),
        ("https://a.org/f\n  face = a.png\n  face = b.png\n", 3, "setting 'face' is already set on line 2"),
        ("https://a.org/f\nface = a.png\n", 2, "indent it to make it a setting of the feed above")
    ])
    func badKnownSettingsAreErrorsWithFileAndLine(_ text: String, _ line: Int, _ message: String) {
        #expect {
            try FeedList.parse(text, file: feedsFile)
        } throws: { error in
            let text = (error as? FeedListError)?.description ?? ""
            return text.hasPrefix("feeds.txt:\(line): ") && text.contains(message)
        }
    }

    @Test func aSettingOfTheSameKeyUnderAnotherFeedIsFine() throws {
        let list = try FeedList.parse(
            "https://a.org/f\n  face = a.png\nhttps://b.org/f\n  face = b.png\n", file: feedsFile)
        #expect(list.subscriptions.map(\.settings.face) == ["a.png", "b.png"])
    }

    @Test func anUnknownKeyWarnsOnlyWhenItLooksLikeAKnownOne() throws {
        let list = try FeedList.parse("https://a.org/f\n  fcae = a.png\n  twitter = @jane\n", file: feedsFile)
        #expect(
            list.warnings == [
                "feeds.txt:2: unknown feed setting 'fcae' (did you mean 'face'?); "
                    + "it is passed to the templates as 'channel_fcae'"
            ])
        #expect(list.subscriptions[0].settings.custom.map(\.key) == ["fcae", "twitter"])
    }

    @Test func removeTakesTheFeedsSettingsWithIt() throws {
        var list = try FeedList.parse(Self.text, file: feedsFile)
        try list.remove("Jane Doe")
        #expect(list.serialized() == "title = T\ninclude = category:python\n\nhttps://b.org/feed.xml   B\n# tail\n")
    }

    @Test func removeOfTheFeedBelowLeavesTheSettingsAbove() throws {
        var list = try FeedList.parse(Self.text, file: feedsFile)
        try list.remove("B")
        #expect(list.serialized() == Self.text.replacingOccurrences(of: "https://b.org/feed.xml   B\n", with: ""))
        #expect(list.subscriptions[0].settings.face == "jane.png")
    }

    @Test func addGoesAfterTheLastFeedsSettingsAndWritesItsOwn() throws {
        var list = try FeedList.parse("https://a.org/f  A\n  face = a.png\n# tail\n", file: feedsFile)
        let settings = FeedSettings([
            FeedSettings.Pair(key: "face", value: "n.png"),
            FeedSettings.Pair(key: "include", value: "category:x")
        ])
        list.add(Subscription(url: URL(string: "https://n.org/f")!, name: "N", settings: settings))
        #expect(
            list.serialized() == "https://a.org/f  A\n  face = a.png\nhttps://n.org/f  N\n"
                + "    face = n.png\n    include = category:x\n# tail\n")
        let again = try FeedList.parse(list.serialized(), file: feedsFile)
        #expect(again.subscriptions[1].settings == settings)
    }

    @Test func replaceURLKeepsTheSettings() throws {
        var list = try FeedList.parse(Self.text, file: feedsFile)
        list.replaceURL(URL(string: "https://a.org/feed.xml")!, with: URL(string: "https://a.org/new.xml")!)
        let again = try FeedList.parse(list.serialized(), file: feedsFile)
        #expect(again.subscriptions[0].url.absoluteString == "https://a.org/new.xml")
        #expect(again.subscriptions[0].settings.face == "jane.png")
    }

    @Test(arguments: ["jane.png", "team/jane.png", "https://img.example/j.png"])
    func faceReferences(_ value: String) {
        #expect(FaceReference(value) != nil)
    }
}
