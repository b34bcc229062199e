import Foundation
import TestSupport
import Testing

@testable import FeedParser

/// Every file of the real-world corpus (Fixtures/corpus, copied unmodified from shared/corpus/real
/// with its MANIFEST.tsv): it parses, keeps all its items, and matches its reviewed golden JSON.
@Suite("Real-world corpus")
struct CorpusTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var testDescription: String { name }
    }

    static let corpus = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/corpus")

    static let cases: [Case] = {
        guard let corpus, let names = try? FileManager.default.contentsOfDirectory(atPath: corpus.path) else {
            return []
        }
        return names.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.sorted().map(Case.init)
    }()

    /// Item counts the corpus MANIFEST states ("N items" / "N entries" in the quirks column).
    static let manifestCounts: [String: Int] = {
        guard let corpus,
            let text = try? String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [:] }
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard let name = columns.first, let quirks = columns.last else { continue }
            let words = quirks.split(whereSeparator: { $0 == " " || $0 == ";" })
            for (index, word) in words.enumerated().dropFirst() where word == "items" || word == "entries" {
                if let count = Int(words[index - 1]) { counts[String(name)] = count }
            }
        }
        return counts
    }()

    /// Counts the MANIFEST does not state: 061 is cut inside its third item's content_html, so that
    /// unfinished item is left out (`JSONRepair`, `Feed.isCutShort`) and two items are read.
    static let extraCounts = ["061-leancrew-jsonfeed-truncated.json": 2]

    /// An independent count from the raw bytes: `<item>`/`<entry>` start tags for XML.
    static func rawCount(_ data: Data, name: String) -> Int? {
        guard name.hasSuffix(".xml") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return ["<item>", "<item ", "<entry>", "<entry "].reduce(0) { $0 + text.components(separatedBy: $1).count - 1 }
    }

    static func documentURL(_ name: String) -> URL? {
        URL(string: "https://feeds.example/corpus/\(name)")
    }

    @Test("the corpus is all there")
    func corpusIsPresent() {
        #expect(Self.cases.count == 52)
        #expect(Self.manifestCounts.count == 51)
    }

    @Test("parses with every item kept", arguments: cases)
    func parsesEveryItem(_ testCase: Case) throws {
        let url = try #require(Self.corpus?.appendingPathComponent(testCase.name))
        let data = try Data(contentsOf: url)
        let feed = try Feed.parse(data, url: Self.documentURL(testCase.name))
        let expected = try #require(Self.manifestCounts[testCase.name] ?? Self.extraCounts[testCase.name])
        #expect(feed.entries.count == expected)
        if let raw = Self.rawCount(data, name: testCase.name) { #expect(raw == expected) }
        #expect(feed.entries.allSatisfy { !$0.id.isEmpty })
    }

    @Test("matches its golden JSON", arguments: cases)
    func matchesGolden(_ testCase: Case) throws {
        let url = try #require(Self.corpus?.appendingPathComponent(testCase.name))
        let feed = try Feed.parse(try Data(contentsOf: url), url: Self.documentURL(testCase.name))
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/corpus-golden/\((testCase.name as NSString).deletingPathExtension).json")
        assertGolden(feed.jsonContract(), path: golden)
    }
}
