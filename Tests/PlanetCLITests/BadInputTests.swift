import Foundation
import Testing

@testable import PlanetCLI

/// Bad URLs on the command line and malformed feeds.txt lines, end to end: the exact message on
/// stderr, exit status 2, and feeds.txt left as it was.
@Suite("bad input, exact messages")
struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        var feeds = "title = T\n"
        var arguments: [String]
        var message: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "ftp URL", arguments: ["add", "--no-fetch", "ftp://example.org/feed"],
            message:
                "planet add: 'ftp://example.org/feed' uses the scheme 'ftp:'; planet reads http, https and file URLs"),
        Case(
            id: "feed: URL", arguments: ["add", "--no-fetch", "feed://example.org/rss"],
            message:
                "planet add: 'feed://example.org/rss' uses the scheme 'feed:'; planet reads http, https and file URLs"),
        Case(
            id: "no host", arguments: ["add", "--no-fetch", "https:///feed.xml"],
            message: "planet add: 'https:///feed.xml' has no host name; write it as 'https://HOST/PATH'"),
        Case(
            id: "space in host", arguments: ["add", "--no-fetch", "https://exa mple.org/"],
            message: "planet add: 'https://exa mple.org/' is not an http(s) URL or a file path"),
        Case(
            id: "blank URL", arguments: ["add", "--no-fetch", " "],
            message: "planet add: ' ' is not an http(s) URL or a file path"),
        Case(
            id: "pick zero", arguments: ["add", "example.org", "--pick", "0"],
            message: "planet add: '--pick' must be a whole number from 1 to 100, not '0'"),
        Case(
            id: "misspelt scheme in feeds.txt", feeds: "title = T\nhtps://example.org/feed\n",
            arguments: ["list"],
            message: "planet list: feeds.txt:2: 'htps://example.org/feed' is not an http(s) URL or a file path"),
        Case(
            id: "setting after a feed", feeds: "https://a.org/f\ntitle = Late\n",
            arguments: ["add", "--no-fetch", "b.org"],
            message:
                "planet add: feeds.txt:2: setting 'title' comes after the first feed (line 1); "
                + "move it above the feeds, or indent it to make it a setting of the feed above"),
        Case(
            id: "setting twice", feeds: "title = A\nTitle = B\n", arguments: ["remove", "x"],
            message: "planet remove: feeds.txt:2: setting 'title' is already set on line 1; keep one of them"),
        Case(
            id: "bad items_per_page", feeds: "items_per_page = ten\n", arguments: ["export"],
            message: "planet export: feeds.txt:1: 'items_per_page' must be a whole number greater than 0, not 'ten'"),
        Case(
            id: "stray word", feeds: "Planet Example\n", arguments: ["import", "x.opml"],
            message: "planet import: x.opml: cannot be read (No such file or directory)"),
        Case(
            id: "stray word, real import", feeds: "Planet Example\n", arguments: ["import", "feeds.txt"],
            message: "planet import: feeds.txt:1: 'Planet' is not an http(s) URL or a file path")
    ]

    @Test(arguments: cases)
    func reportsAndChangesNothing(_ testCase: Case) async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let feeds = folder.appendingPathComponent("feeds.txt")
        try testCase.feeds.write(to: feeds, atomically: true, encoding: .utf8)
        let outcome = await runPlanet(testCase.arguments, in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.err == testCase.message + "\n")
        #expect(outcome.out.isEmpty)
        #expect(try String(contentsOf: feeds, encoding: .utf8) == testCase.feeds)
    }

    /// A 10 MB line of feeds.txt gave a 10,000,077-byte error, which cron mails: a message quotes
    /// at most `QuotedInput.limit` characters of what it was given, and says how long it was.
    @Test("a 1 MB bad line of feeds.txt is quoted in a few hundred characters, with its length")
    func longLineIsQuotedShort() async throws {
        let folder = try makeFolder()
        defer { removeFolder(folder) }
        let line = "htps://example.org/" + String(repeating: "x", count: 1_000_000)
        try "title = T\n\(line)\n".write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        let outcome = await runPlanet(["list"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.err.utf8.count < 400, "\(outcome.err.utf8.count) bytes")
        #expect(outcome.err.hasPrefix("planet list: feeds.txt:2: 'htps://example.org/xxx"))
        #expect(outcome.err.contains("… (1000019 characters)' is not an http(s) URL or a file path"))
    }
}
