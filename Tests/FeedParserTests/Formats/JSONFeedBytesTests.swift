import Foundation
import Testing

@testable import FeedParser

/// What a JSON Feed's bytes may hold beyond strict UTF-8 JSON with string ids: bytes invalid in
/// UTF-8 and escaped lone surrogates (repaired, the rest kept), numeric ids and sizes (read as
/// written), and UTF-16 or UTF-32 with a byte order mark (RFC 8259 §8.1).
@Suite("JSON Feed bytes: encodings, repairs, numbers")
struct JSONFeedBytesTests {
    static let url = URL(string: "https://example.org/feed.json")

    /// A JSON Feed with three items; `second` is the second item's title as raw JSON bytes. The
    /// feed's title and description are UTF-8, so that a stray byte reads as one among UTF-8 (a
    /// document with more bad bytes than UTF-8 sequences has its encoding detected, as XML has).
    static func feed(secondTitle second: [UInt8]) -> Data {
        var data = Data(
            #"{"version": "https://jsonfeed.org/version/1.1", "title": "Café naïve","#.utf8)
        data += Data(#" "description": "Ünïcödé ☕ 日本語 Größe","#.utf8)
        data += Data(#" "items": [{"id": "a", "title": "First", "content_text": "one"},"#.utf8)
        data += Data(#" {"id": "b", "title": ""#.utf8) + Data(second) + Data(#"", "content_text": "two"},"#.utf8)
        data += Data(#" {"id": "c", "title": "Third", "content_text": "three"}]}"#.utf8)
        return data
    }

    // MARK: (a) invalid UTF-8 and lone surrogates

    struct Repair: CustomTestStringConvertible, Sendable {
        var id: String
        var title: [UInt8]
        var expected: String
        var testDescription: String { id }
    }

    static let repairs: [Repair] = [
        Repair(id: "stray Latin-1 byte", title: Array("caf".utf8) + [0xE9], expected: "café"),
        Repair(id: "byte never valid", title: Array("a".utf8) + [0xFF, 0xFE] + Array("b".utf8), expected: "aÿþb"),
        Repair(
            id: "cut multi-byte sequence", title: Array("x".utf8) + [0xE2, 0x82] + Array("y".utf8), expected: "xâ‚y"),
        Repair(id: "lone high surrogate", title: Array(#"x\ud800y"#.utf8), expected: "x\u{FFFD}y"),
        Repair(id: "lone low surrogate", title: Array(#"x\udc00y"#.utf8), expected: "x\u{FFFD}y"),
        Repair(id: "high then not low", title: Array(#"\ud800\u0041"#.utf8), expected: "\u{FFFD}A"),
        Repair(id: "lone at the end", title: Array(#"end\udbff"#.utf8), expected: "end\u{FFFD}"),
        Repair(id: "pair kept beside a lone one", title: Array(#"\ud83d\ude00\ud83d"#.utf8), expected: "😀\u{FFFD}")
    ]

    @Test("repaired where it is broken, every item kept", arguments: repairs)
    func repaired(_ repair: Repair) throws {
        let feed = try Feed.parse(Self.feed(secondTitle: repair.title), url: Self.url)
        #expect(feed.title == "Café naïve")
        #expect(feed.entries.map(\.id) == ["a", "b", "c"])
        #expect(feed.entries.map(\.title) == ["First", repair.expected, "Third"])
        #expect(feed.entries.last?.content == "three")
        #expect(!feed.warnings.isEmpty, "a repair is reported")
    }

    @Test("warnings say what was repaired")
    func warnings() throws {
        let surrogate = try Feed.parse(Self.feed(secondTitle: Array(#"\udc00"#.utf8)), url: Self.url)
        #expect(surrogate.warnings == ["1 lone surrogate escape(s) in JSON strings replaced with U+FFFD"])
        let byte = try Feed.parse(Self.feed(secondTitle: [0xE9]), url: Self.url)
        #expect(byte.warnings == ["1 byte(s) invalid in UTF-8 read as windows-1252"])
    }

    // MARK: (b) numbers as written

    @Test("numeric ids keep their digits: 0 and 1 are no booleans")
    func numericIDs() throws {
        let document = """
            {"version": "https://jsonfeed.org/version/1", "title": "Numbers", "items": [
              {"id": 0, "url": "https://example.org/0"},
              {"id": 1, "url": "https://example.org/1"},
              {"id": 2, "url": "https://example.org/2"},
              {"id": 1.50, "url": "https://example.org/3"},
              {"id": 1e3, "url": "https://example.org/4"},
              {"id": 12345678901234567890123, "url": "https://example.org/5"},
              {"id": -7, "url": "https://example.org/6"},
              {"id": true, "url": "https://example.org/7"},
              {"id": "8", "url": "https://example.org/8"}
            ]}
            """
        let feed = try Feed.parse(Data(document.utf8), url: Self.url)
        #expect(
            feed.entries.map(\.id) == [
                "0", "1", "2", "1.50", "1e3", "12345678901234567890123", "-7", "https://example.org/7", "8"
            ])
    }

    @Test("numbers in other fields: sizes, titles and tags as written")
    func numericFields() throws {
        let document = """
            {"version": "https://jsonfeed.org/version/1.1", "title": 2024, "items": [
              {"id": "x", "title": 0, "tags": [1, 2.0, "three"], "summary": "s",
               "attachments": [
                 {"url": "https://example.org/a.mp3", "size_in_bytes": 1},
                 {"url": "https://example.org/b.mp3", "size_in_bytes": 0},
                 {"url": "https://example.org/c.mp3", "size_in_bytes": "2048"},
                 {"url": "https://example.org/d.mp3", "size_in_bytes": true},
                 {"url": "https://example.org/e.mp3", "size_in_bytes": 123456789012}]}
            ]}
            """
        let feed = try Feed.parse(Data(document.utf8), url: Self.url)
        #expect(feed.title == "2024")
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "0")
        #expect(entry.categories == ["1", "2.0", "three"])
        #expect(entry.enclosures.map(\.length) == [1, nil, 2048, nil, 123_456_789_012])
    }

    @Test("a number inside a string or a key is left alone")
    func numbersInStrings() {
        let document = Data(#"{"a1": "x 12 \"3\" y", "b": [4, -5.5e+2], "c": "\\", "d": 6}"#.utf8)
        let quoted = String(decoding: JSONNumberText.quoted(document), as: UTF8.self)
        #expect(quoted == #"{"a1": "x 12 \"3\" y", "b": ["4", "-5.5e+2"], "c": "\\", "d": "6"}"#)
        let none = Data(#"{"a": "1"}"#.utf8)
        #expect(JSONNumberText.quoted(none) == none)
    }

    // MARK: (c) byte order marks

    struct Encoding: CustomTestStringConvertible, Sendable {
        var id: String
        var bom: [UInt8]
        var encoding: String.Encoding
        var testDescription: String { id }
    }

    static let encodings: [Encoding] = [
        Encoding(id: "UTF-8 with BOM", bom: [0xEF, 0xBB, 0xBF], encoding: .utf8),
        Encoding(id: "UTF-16LE with BOM", bom: [0xFF, 0xFE], encoding: .utf16LittleEndian),
        Encoding(id: "UTF-16BE with BOM", bom: [0xFE, 0xFF], encoding: .utf16BigEndian),
        Encoding(id: "UTF-32LE with BOM", bom: [0xFF, 0xFE, 0x00, 0x00], encoding: .utf32LittleEndian),
        Encoding(id: "UTF-32BE with BOM", bom: [0x00, 0x00, 0xFE, 0xFF], encoding: .utf32BigEndian)
    ]

    @Test("decoded from its byte order mark, and repaired in it", arguments: encodings)
    func byteOrderMark(_ encoding: Encoding) throws {
        func parse(_ content: String) throws -> Feed {
            let text = """
                \n  {"version": "https://jsonfeed.org/version/1.1", "title": "Ünïcode 日本 😀",
                 "items": [{"id": 7, "title": "Größe", "content_text": "\(content)"}]}
                """
            return try Feed.parse(
                Data(encoding.bom) + (try #require(text.data(using: encoding.encoding))), url: Self.url)
        }
        let feed = try parse("text")
        #expect(feed.format == .jsonFeed)
        #expect(feed.title == "Ünïcode 日本 😀")
        #expect(feed.entries.map(\.id) == ["7"])
        #expect(feed.entries.map(\.title) == ["Größe"])
        #expect(feed.entries.first?.content == "text")
        #expect(feed.warnings.isEmpty)
        let repaired = try parse(#"x\ud800"#)
        #expect(repaired.entries.first?.content == "x\u{FFFD}")
    }

    @Test("a UTF-16 XML feed with a BOM is still read as XML")
    func wideXML() throws {
        let text =
            #"<?xml version="1.0" encoding="UTF-16"?><rss version="2.0"><channel><title>Wide</title>"#
            + "<item><title>Ä</title><guid>g</guid></item></channel></rss>"
        let data = Data([0xFF, 0xFE]) + (try #require(text.data(using: .utf16LittleEndian)))
        let feed = try Feed.parse(data, url: Self.url)
        #expect(feed.format == .rss20)
        #expect(feed.entries.map(\.title) == ["Ä"])
    }
}
