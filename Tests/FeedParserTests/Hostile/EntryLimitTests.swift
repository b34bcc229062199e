import Foundation
import TestSupport
import Testing

@testable import FeedParser

/// One document gives at most its newest `maxEntries` entries; the rest are never converted, and a
/// warning and `Feed.entriesDropped` say how many were left out.
@Suite("entry limit")
struct EntryLimitTests {
    static let url = URL(string: "https://example.org/feed.xml")

    @Test("an RSS document of 3,000 items gives its newest 1,000, in document order")
    func rssKeepsTheNewest() async throws {
        let feed = try await withDeadline {
            // Item n is dated n days after 2020-01-01; items 0..<500 carry no date.
            var items = ""
            for number in 0..<3_000 {
                let day = Date(timeIntervalSince1970: 1_577_836_800 + Double(number) * 86_400)
                let date = number < 500 ? "" : "<pubDate>\(FeedDateParser.rfc3339(day))</pubDate>"
                items += "<item><guid>urn:\(number)</guid><title>t\(number)</title>\(date)</item>\n"
            }
            let data = Data("<rss version=\"2.0\"><channel><title>T</title>\(items)</channel></rss>".utf8)
            return try Feed.parse(data, url: Self.url)
        }
        #expect(feed.entries.count == 1_000)
        #expect(feed.entries.first?.id == "urn:2000")
        #expect(feed.entries.last?.id == "urn:2999")
        #expect(feed.entriesDropped == 2_000)
        #expect(
            feed.warnings.contains("2000 of 3000 entries dropped: only the newest 1000 entries of a document are read"))
    }

    @Test("undated entries rank after dated ones, in document order; Atom and JSON Feed too")
    func undatedAndOtherFormats() throws {
        let atom =
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>T</title>"
            + "<entry><id>urn:u1</id><title>u1</title></entry>"
            + "<entry><id>urn:d</id><title>d</title><updated>2024-01-01T00:00:00Z</updated></entry>"
            + "<entry><id>urn:u2</id><title>u2</title></entry></feed>"
        let parsed = try Feed.parse(Data(atom.utf8), url: Self.url, maxEntries: 2)
        #expect(parsed.entries.map(\.id) == ["urn:u1", "urn:d"])
        #expect(parsed.entriesDropped == 1)
        let json =
            #"{"version":"https://jsonfeed.org/version/1.1","title":"T","items":["#
            + #"{"id":"a","content_text":"a","date_published":"2020-01-01T00:00:00Z"},"#
            + #"{"id":"b","content_text":"b","date_published":"2024-01-01T00:00:00Z"},"#
            + #"{"id":"c","content_text":"c","date_published":"2022-01-01T00:00:00Z"}]}"#
        let fromJSON = try Feed.parse(Data(json.utf8), url: Self.url, maxEntries: 2)
        #expect(fromJSON.entries.map(\.id) == ["b", "c"])
        #expect(fromJSON.entriesDropped == 1)
        #expect(fromJSON.warnings.last == "1 of 3 entries dropped: only the newest 2 entries of a document are read")
    }

    /// The limit's "newest" reads the dates the entry itself is dated by (`FieldPrecedence`): an
    /// Atom 0.3 entry dated by `created` only, an RSS item by `dcterms:created` only.
    @Test("an entry dated only by Atom 0.3 created or dcterms:created ranks by that date")
    func createdDates() throws {
        let atom03 =
            "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\"><title>T</title>"
            + "<entry><id>urn:old</id><title>old</title><created>2020-01-01T00:00:00Z</created></entry>"
            + "<entry><id>urn:new</id><title>new</title><created>2024-01-01T00:00:00Z</created></entry></feed>"
        let atom = try Feed.parse(Data(atom03.utf8), url: Self.url, maxEntries: 1)
        #expect(atom.entries.map(\.id) == ["urn:new"])
        #expect(atom.entries.first?.published == FeedDateParser.parse("2024-01-01T00:00:00Z"))
        let rss =
            "<rss version=\"2.0\" xmlns:dcterms=\"http://purl.org/dc/terms/\"><channel><title>T</title>"
            + "<item><guid>urn:old</guid><dcterms:created>2020-01-01T00:00:00Z</dcterms:created></item>"
            + "<item><guid>urn:new</guid><dcterms:created>2024-01-01T00:00:00Z</dcterms:created></item>"
            + "</channel></rss>"
        #expect(try Feed.parse(Data(rss.utf8), url: Self.url, maxEntries: 1).entries.map(\.id) == ["urn:new"])
    }

    @Test("a 9.5 MB feed of 300,000 tiny items parses within the deadline and bounded memory")
    func hugeItemCount() async throws {
        let feed = try await withDeadline {
            var text = "<rss version=\"2.0\"><channel><title>T</title>\n"
            text.reserveCapacity(10_000_000)
            for number in 0..<300_000 { text += "<item><guid>\(number)</guid></item>" }
            return try Feed.parse(Data((text + "</channel></rss>").utf8), url: Self.url, sanitizing: .deferred)
        }
        #expect(feed.entries.count == 1_000)
        #expect(feed.entriesDropped == 299_000)
        // The whole test process: the 730 MB this took before the limit would exceed it.
        #expect(PeakMemory.megabytes < 700)
    }
}
