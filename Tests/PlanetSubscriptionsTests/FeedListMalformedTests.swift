import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("feeds.txt malformed lines")
struct FeedListMalformedTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        var text: String
        var message: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "misspelt scheme", text: "title = X\n# c\nhttps://ok.org/f\nhtps://example.org/feed\n",
            message: "feeds.txt:4: 'htps://example.org/feed' is not an http(s) URL or a file path"),
        Case(
            id: "other scheme", text: "ftp://example.org/feed.xml\n",
            message: "feeds.txt:1: 'ftp://example.org/feed.xml' is not an http(s) URL or a file path"),
        Case(
            id: "stray word", text: "Planet Example\n",
            message: "feeds.txt:1: 'Planet' is not an http(s) URL or a file path"),
        Case(
            id: "colon instead of equals", text: "title: Planet\n",
            message: "feeds.txt:1: 'title:' is not an http(s) URL or a file path"),
        Case(
            id: "no host", text: "https:///feed.xml\n",
            message: "feeds.txt:1: 'https:///feed.xml' has no host name; write it as 'https://HOST/PATH'"),
        Case(
            id: "relative file URL", text: "file:feed.xml\n",
            message: "feeds.txt:1: 'file:feed.xml' is not an http(s) URL or a file path"),
        Case(
            id: "setting after a feed", text: "https://a.org/f\n\ntitle = Late\n",
            message: "feeds.txt:3: setting 'title' comes after the first feed (line 1); move it above the feeds, "
                + "or indent it to make it a setting of the feed above"),
        Case(
            id: "setting twice", text: "title = A\nTitle = B\n",
            message: "feeds.txt:2: setting 'title' is already set on line 1; keep one of them"),
        Case(
            id: "items_per_page words", text: "items_per_page = ten\n",
            message: "feeds.txt:1: 'items_per_page' must be a whole number greater than 0, not 'ten'"),
        Case(
            id: "items_per_page zero", text: "items_per_page = 0\n",
            message: "feeds.txt:1: 'items_per_page' must be a whole number greater than 0, not '0'"),
        Case(
            id: "keep_days negative", text: "keep_days = -1\n",
            message: "feeds.txt:1: 'keep_days' must be a whole number (0 or more), not '-1'"),
        Case(
            id: "link not absolute", text: "link = planet.example.org\n",
            message: "feeds.txt:1: 'link' must be an absolute http(s) URL, not 'planet.example.org'"),
        Case(
            id: "unknown time zone", text: "timezone = Mars/Olympus\n",
            message:
                "feeds.txt:1: 'timezone' must be a time zone name such as 'UTC' or 'Europe/Paris', not 'Mars/Olympus'"),
        Case(
            id: "language with spaces", text: "language = English please\n",
            message: "feeds.txt:1: 'language' must be a language tag such as 'en' or 'pt-BR', not 'English please'"),
        Case(
            id: "empty title", text: "# c\n\ntitle =\n",
            message: "feeds.txt:3: setting 'title' has no value"),
        Case(
            id: "empty items_per_page", text: "items_per_page = \t\n",
            message: "feeds.txt:1: setting 'items_per_page' has no value"),
        Case(
            id: "Venus section", text: "[http://venus.example/]\nname = X\n",
            message: "feeds.txt:1: '[http://venus.example/]' looks like a Planet Venus config.ini section; "
                + "convert the file with 'planet import config.ini'"),
        Case(
            id: "Venus [Planet] section", text: "title = T\n  [Planet]\n",
            message: "feeds.txt:2: '[Planet]' looks like a Planet Venus config.ini section; "
                + "convert the file with 'planet import config.ini'")
    ]

    @Test(arguments: cases)
    func reportsFileLineAndWhatWasWrong(_ testCase: Case) {
        #expect(throws: FeedListError.self) { try FeedList.parse(testCase.text, file: feedsFile) }
        do {
            _ = try FeedList.parse(testCase.text, file: feedsFile)
        } catch {
            #expect(error.description == testCase.message)
            #expect(error.file == feedsFile)
        }
    }
}
