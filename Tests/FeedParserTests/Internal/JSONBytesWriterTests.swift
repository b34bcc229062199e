import Foundation
import PlanetBase
import TestSupport
import Testing

@testable import FeedParser

/// The parse contract written straight to bytes (`JSONBytesWriter`) is byte for byte what the
/// `JSONValue` tree of the contract renders, pretty and on one line.
@Suite("Contract JSON without a value tree")
struct JSONBytesWriterTests {
    static let corpus = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/corpus")

    /// What `planet parse --json FILES...` printed before: the value on one line, `source` first.
    static func referenceLine(_ feed: Feed, source: String) -> String {
        "{\"source\":\(JSONValue.string(source).renderedOnOneLine()),"
            + "\(feed.jsonContractValue.renderedOnOneLine().dropFirst())"
    }

    static func check(
        _ feed: Feed, source: String = "feeds/a \"b\".xml", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(feed.jsonContract() == feed.jsonContractValue.rendered() + "\n", sourceLocation: sourceLocation)
        #expect(feed.jsonContractLine() == feed.jsonContractValue.renderedOnOneLine(), sourceLocation: sourceLocation)
        #expect(
            feed.jsonContractLine(source: source) == Self.referenceLine(feed, source: source),
            sourceLocation: sourceLocation)
        var bytes = Array("prefix".utf8)
        feed.writeJSONContractLine(source: source, to: &bytes)
        #expect(
            bytes == Array(("prefix" + Self.referenceLine(feed, source: source)).utf8), sourceLocation: sourceLocation)
    }

    @Test func emptyAndFullFeeds() {
        Self.check(Feed(format: .rss20))
        var entry = Entry(
            id: "urn:x", title: "T \"1\"", link: "https://e.org/1", published: Date(timeIntervalSince1970: 0),
            updated: Date(timeIntervalSince1970: 1_700_000_000.5), author: Person(name: "N", email: nil, uri: "u"),
            summary: "<p>a\n\tb</p>", content: nil, categories: ["x", "é"],
            enclosures: [
                Enclosure(url: "https://e.org/a.mp3", type: "audio/mpeg", length: 12),
                Enclosure(url: "https://e.org/b", type: nil, length: nil)
            ])
        var feed = Feed(
            format: .atom10, title: "Tïtle", link: "https://e.org/", feedURL: nil, subtitle: "\u{1}",
            id: "id", language: "fr", updated: Date(timeIntervalSince1970: -86_400), author: Person(),
            icon: "i", logo: nil, rights: "r", generator: "g", entries: [entry], warnings: ["w1", "w\"2"])
        Self.check(feed)
        entry.categories = []
        entry.enclosures = []
        entry.author = nil
        feed.entries = [entry, entry]
        feed.warnings = []
        Self.check(feed, source: "")
    }

    @Test func corpusFeeds() throws {
        let corpus = try #require(Self.corpus)
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
            $0.hasSuffix(".xml") || $0.hasSuffix(".json")
        }
        #expect(names.count > 40)
        for name in names {
            let feed = try Feed.parse(
                Data(contentsOf: corpus.appendingPathComponent(name)),
                url: URL(string: "https://feeds.example/corpus/\(name)"))
            Self.check(feed, source: name)
        }
    }

    /// A `.deferred` feed's line sanitized while written is the line of the feed sanitized first
    /// (`Entry.sanitizingHTML`), for every corpus feed, with 1 and 3 lanes.
    @Test func sanitizedWhileWrittenIsSanitizedFirst() async throws {
        let corpus = try #require(Self.corpus)
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
            $0.hasSuffix(".xml") || $0.hasSuffix(".json")
        }
        try await withDeadline {
            for name in names {
                let data = try Data(contentsOf: corpus.appendingPathComponent(name))
                for url in [URL(string: "https://feeds.example/corpus/\(name)"), nil] {
                    var feed = try Feed.parse(data, url: url, sanitizing: .deferred)
                    let line = await feed.sanitizedJSONContractLine(source: name, lanes: name.count % 2 == 0 ? 3 : 1)
                    feed.entries = feed.entries.map { $0.sanitizingHTML() }
                    #expect(line == Array(feed.jsonContractLine(source: name).utf8), "\(name)")
                }
            }
        }
    }
}
