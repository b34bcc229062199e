import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("URLs as people type them")
struct FeedURLNormalizerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var typed: String
        var stored: String
        var testDescription: String { typed }
    }

    static let here = URL(fileURLWithPath: "/home/jane/planet/", isDirectory: true)

    static let cases: [Case] = [
        Case(typed: "example.org/feed", stored: "https://example.org/feed"),
        Case(typed: "  https://example.org/feed.xml#latest \n", stored: "https://example.org/feed.xml"),
        Case(typed: "HTTP://Example.ORG", stored: "http://example.org/"),
        Case(typed: "https://bücher.example/atom?x=1", stored: "https://xn--bcher-kva.example/atom?x=1"),
        Case(typed: "example.org:8080?feed=rss", stored: "https://example.org:8080/?feed=rss"),
        Case(typed: "https://user@example.org/f", stored: "https://user@example.org/f"),
        Case(typed: "./feeds/a.xml", stored: "file:///home/jane/planet/feeds/a.xml"),
        Case(typed: "../b.xml", stored: "file:///home/jane/b.xml"),
        Case(typed: "file:///tmp/c.xml#x", stored: "file:///tmp/c.xml")
    ]

    @Test(arguments: cases)
    func normalizes(_ testCase: Case) throws {
        let url = try FeedURLNormalizer.normalize(testCase.typed, currentDirectory: Self.here)
        #expect(url.absoluteString == testCase.stored)
    }

    @Test func anExistingFileNameIsAFile() throws {
        let url = try FeedURLNormalizer.normalize("feed.xml", currentDirectory: Self.here) { _ in true }
        #expect(url.absoluteString == "file:///home/jane/planet/feed.xml")
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var typed: String
        var message: String
        var testDescription: String { typed }
    }

    static let badCases: [BadCase] = [
        BadCase(
            typed: "ftp://example.org/feed",
            message: "'ftp://example.org/feed' uses the scheme 'ftp:'; planet reads http, https and file URLs"),
        BadCase(
            typed: "feed://example.org/rss",
            message: "'feed://example.org/rss' uses the scheme 'feed:'; planet reads http, https and file URLs"),
        BadCase(typed: "https:///feed", message: "'https:///feed' has no host name; write it as 'https://HOST/PATH'"),
        BadCase(typed: "   ", message: "'   ' is not an http(s) URL or a file path"),
        BadCase(typed: "https://exa mple.org/", message: "'https://exa mple.org/' is not an http(s) URL or a file path")
    ]

    @Test(arguments: badCases)
    func refuses(_ testCase: BadCase) {
        do {
            let url = try FeedURLNormalizer.normalize(testCase.typed, currentDirectory: Self.here)
            Issue.record("accepted as \(url)")
        } catch {
            #expect(error.description == testCase.message)
        }
    }
}
