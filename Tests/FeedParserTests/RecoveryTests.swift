import Foundation
import Testing

@testable import FeedParser

/// Ill-formed documents (Fixtures/recovery): each yields what can be saved, plus warnings.
@Suite("Recovery from ill-formed documents")
struct RecoveryTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let titles: [String?]
        let links: [String?]
        var feedTitle: String? = nil
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "undeclared-entities.xml", titles: ["Café\u{A0}au lait & more", "Second …"],
            links: ["https://example.org/1", "https://example.org/2"], feedTitle: "Café news"),
        Case(
            file: "unescaped-ampersand.xml", titles: ["AT&T buys Q&A site", "R & D"],
            links: ["https://example.org/post?id=1&lang=en", "https://example.org/post?id=2&lang=en"],
            feedTitle: "Tom & Jerry"),
        Case(file: "bad-nesting.xml", titles: ["One"], links: ["https://example.org/1"], feedTitle: "Nesting"),
        Case(
            file: "garbage-after-root.xml", titles: ["One", "Two"],
            links: ["https://example.org/1", "https://example.org/2"], feedTitle: "Garbage"),
        // Cut inside the third item's description: that unfinished item is left out (`CutShort`).
        Case(
            file: "truncated.xml", titles: ["One", "Two"],
            links: ["https://example.org/1", "https://example.org/2"], feedTitle: "Truncated"),
        Case(file: "truncated.json", titles: ["One"], links: [nil], feedTitle: "Cut")
    ]

    static func load(_ file: String) throws -> Feed {
        let url = try #require(Bundle.module.resourceURL?.appendingPathComponent("Fixtures/recovery/\(file)"))
        return try Feed.parse(try Data(contentsOf: url), url: URL(string: "https://example.org/feed"))
    }

    @Test("saves what it can and warns", arguments: cases)
    func recovers(_ testCase: Case) throws {
        let feed = try Self.load(testCase.file)
        #expect(feed.title == testCase.feedTitle)
        #expect(Array(feed.entries.map(\.title).prefix(testCase.titles.count)) == testCase.titles)
        #expect(Array(feed.entries.map(\.link).prefix(testCase.links.count)) == testCase.links)
        #expect(!feed.warnings.isEmpty)
    }

    @Test func badNestingKeepsTheNextItem() throws {
        let feed = try Self.load("bad-nesting.xml")
        #expect(feed.entries.count >= 1)
        #expect(feed.entries.first?.summary?.contains("bold") == true)
    }

    /// Cut inside the second item's content_html: that unfinished item is left out whole (its
    /// title without its text would go over the cache's whole copy), the first is read.
    @Test func truncatedJSONLeavesOutTheUnfinishedItem() throws {
        let feed = try Self.load("truncated.json")
        #expect(feed.entries.map(\.id) == ["1"])
        #expect(feed.entries.last?.title == "One")
        #expect(feed.isCutShort)
        #expect(feed.warnings.contains { $0.contains("cut short") && $0.contains("unfinished entry is left out") })
    }

    @Test(
        "JSON cut between items, inside a top-level member, or inside a nested array",
        arguments: [
            (
                #"{"version":"https://jsonfeed.org/version/1.1","title":"Cut","items":[{"id":"1","title":"One"},"#,
                ["1"], false
            ),
            (
                #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1"},{"id":"2","tags":["a","b"#, ["1"],
                true
            ),
            (
                #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1"},{"id":"2"}],"title":"Cut tit"#,
                ["1", "2"], false
            ),
            (#"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","title":"On"#, [], true),
            (
                #"{"version":"https://jsonfeed.org/version/1.1","author":{"name":"x"},"items":[{"id":"1"},{"id":"2","#,
                ["1"], true
            )
        ])
    func jsonCutShort(_ text: String, ids: [String], droppedItem: Bool) throws {
        let feed = try Feed.parse(Data(text.utf8), url: URL(string: "https://example.org/feed.json"))
        #expect(feed.entries.map(\.id) == ids)
        #expect(feed.isCutShort)
        #expect(feed.warnings.contains { $0.contains("unfinished entry is left out") } == droppedItem)
    }

    @Test(
        "a whole JSON Feed with bytes after it is read, the rest ignored",
        arguments: ["<!-- cached by a plugin -->", "\u{0}\u{0}\u{0}", "}", #"{"version":"x"}"#, "\n<html></html>"])
    func trailingBytesAfterTheDocument(_ tail: String) throws {
        let text = #"{"version":"https://jsonfeed.org/version/1.1","title":"T","items":[{"id":"1","title":"One"}]}"#
        let feed = try Feed.parse(Data((text + tail).utf8), url: URL(string: "https://example.org/feed.json"))
        #expect(feed.entries.map(\.id) == ["1"])
        #expect(!feed.isCutShort)
        #expect(feed.warnings.contains { $0.contains("after the end of the JSON document") })
    }

    @Test func wholeJSONIsNotCutShort() throws {
        // A lone surrogate escape: the document goes through the repair, whole.
        let text = #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","content_text":"a\ud800"}]}"#
        let feed = try Feed.parse(Data(text.utf8), url: URL(string: "https://example.org/feed.json"))
        #expect(!feed.isCutShort)
        #expect(feed.entries.map(\.id) == ["1"])
        #expect(feed.warnings.contains { $0.contains("lone surrogate") })
    }

    /// After one well-formedness error (a raw `<` in a title, a stray control reference, a
    /// duplicate attribute), libxml2's recovery dropped every later `&lt;` `&gt;` `&amp;`: an escaped
    /// description became text with its tags' names in it. The document is parsed again with
    /// them as character references.
    @Test(
        "escaped HTML after an XML error stays HTML",
        arguments: ["<title>Tips: a < b</title>", "<title>Bad &#1; ref</title>", "<title a=1 a=2>x</title>"])
    func escapedHTMLAfterAnError(_ badTitle: String) throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel>\(badTitle)<link>https://example.org/</link><description>d</description>
            <item><title>Tom &amp; Jerry</title><link>https://example.org/1</link><guid>1</guid>\
            <description>&lt;p&gt;Hello &lt;a href="https://example.org/"&gt;world&lt;/a&gt; &amp;amp; more&lt;/p&gt;\
            </description></item>
            </channel></rss>
            """
        let feed = try Feed.parse(Data(xml.utf8), url: URL(string: "https://example.org/feed"))
        #expect(feed.entries.first?.title == "Tom & Jerry")
        #expect(
            feed.entries.first?.summary
                == #"<p>Hello <a href="https://example.org/" rel="noopener noreferrer">world</a> &amp; more</p>"#)
        #expect(!feed.warnings.isEmpty)
    }

    @Test func undeclaredEntityInDescriptionIsKept() throws {
        let feed = try Self.load("undeclared-entities.xml")
        #expect(feed.entries.first?.summary?.contains("Naïve") == true)
        #expect(feed.entries.first?.summary?.contains("©") == true)
    }
}

@Suite("Not a feed")
struct NotAFeedTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let body: String
        let reason: FeedParseError.Reason
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "empty", body: "", reason: .empty),
        Case(name: "whitespace", body: " \n\t ", reason: .empty),
        Case(
            name: "html page", body: "<!DOCTYPE html><html><head><title>x</title></head><body>hi</body></html>",
            reason: .notAFeed("an HTML page")),
        Case(
            name: "other xml", body: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            reason: .notAFeed("XML with root element 'svg'")),
        Case(name: "json without items", body: #"{"title": "x"}"#, reason: .notAFeed("JSON without 'items'")),
        Case(name: "json array", body: "[1, 2]", reason: .notAFeed("JSON without 'items'"))
    ]

    @Test(arguments: cases)
    func throwsWithReason(_ testCase: Case) {
        let url = URL(string: "https://example.org/x")
        #expect(throws: FeedParseError(url: url, reason: testCase.reason)) {
            try Feed.parse(Data(testCase.body.utf8), url: url)
        }
    }

    @Test func messagePutsThePlaceFirst() {
        let error = FeedParseError(url: URL(string: "https://example.org/"), reason: .notAFeed("an HTML page"))
        #expect(error.description == "https://example.org/: not a feed: an HTML page")
    }
}
