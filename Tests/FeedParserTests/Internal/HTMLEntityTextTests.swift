import Foundation
import Testing

@testable import FeedParser

/// `HTMLEntityText` may only answer where libxml2's HTML parser gives the same text: checked here
/// against `LibXML2.parsedHTMLText` on hand-picked and generated markup-free text, and on the
/// double-escaped posts of the corpus.
@Suite("Markup-free HTML text")
struct HTMLEntityTextTests {
    static let samples: [String] = [
        "", "plain", "&lt;p&gt;Caf&#233; &amp; more&lt;/p&gt;", "&quot;q&quot; &nbsp;x&#xA0;y&#XA0;",
        "&eacute;&Eacute;&hellip;&mdash;&euro;&copy;", "&#60;&#x3C;&#0060;&#x00003c;", "tab\tand\nline",
        "日本語 &lt;b&gt;太字&lt;/b&gt;，標点：", "\u{1F600}&amp;\u{1F600}", "&#x1F600;&#128512;",
        // What libxml2 reads in its own way: the fast path must refuse each.
        "a & b", "&amp", "&lt p", "&#;", "&#x;", "&#abc;", "&unknown;", "&LT;", "&lt.x;", "&lt_;",
        "&#0;", "&#1;", "&#xD800;", "&#xFFFE;", "&#x110000;", "&#13;", "&#999999999;", "&a1234567890b;",
        "cr\r\nlf", "nul\u{0}x", "ff\u{0C}", "\u{FFFE}", "\u{FFFF}x", "<p>tag</p>", "&lt;<b>",
        "&", "&#", "&#x", "x&", "&lt;&", "&#12", "&amp;amp;", "\u{85}\u{9F}", "a\u{7F}b"
    ]

    @Test("same text as libxml2's HTML parser wherever it answers", arguments: samples)
    func matchesLibXML2(_ sample: String) {
        if let fast = HTMLEntityText.decoded(sample) {
            #expect(fast == LibXML2.parsedHTMLText(sample), "\(Array(sample.utf8))")
        }
    }

    @Test func answersForWellFormedReferencesAndRefusesTheRest() {
        #expect(HTMLEntityText.decoded("&lt;p&gt;Caf&#233; &amp; more&lt;/p&gt;") == "<p>Café & more</p>")
        #expect(HTMLEntityText.decoded("&eacute;&#x1F600;") == "é\u{1F600}")
        for refused in ["a & b", "&lt p", "&unknown;", "&#0;", "&#13;", "x\r\ny", "<b>", "&#xFFFE;", "\u{FFFF}"] {
            #expect(HTMLEntityText.decoded(refused) == nil, "\(refused)")
        }
    }

    /// Random text from pieces around the edges of the rules, 2,000 strings.
    @Test func generatedTextMatchesLibXML2() {
        let pieces = [
            "a", "Z", " ", "\t", "\n", "\r", "é", "日", "\u{1F600}", "，", "&", "&amp;", "&lt;", "&gt;",
            "&quot;", "&nbsp;", "&apos;", "&hellip;", "&#", "&#x", "&#38;", "&#x26;", "&#1;", "&#0;",
            ";", "#", "x", "0", "9", "f", "lt", "amp", "&eacute", "&Auml;", "\u{FFFD}", "\u{7F}", "\u{9D}"
        ]
        var generator = SplitMix64(seed: 18)
        var answered = 0
        for _ in 0..<2_000 {
            let text = (0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))]
            }.joined()
            guard let fast = HTMLEntityText.decoded(text) else { continue }
            answered += 1
            #expect(fast == LibXML2.parsedHTMLText(text), "\(Array(text.utf8))")
        }
        #expect(answered > 200)
    }

    /// The references the fast path knows without libxml2's table are the table's.
    @Test func commonReferencesAreLibXML2s() {
        for name in ["lt", "gt", "amp", "quot", "nbsp"] {
            let bytes = Array(name.utf8)
            let common = bytes.withUnsafeBufferPointer { HTMLEntityText.common($0) }
            #expect(common != nil)
            #expect(common == LibXML2.htmlEntity(named: name))
        }
    }

    /// Every text of every corpus document that holds a reference (the double-escaped posts of
    /// the Hexo feed among them): where the fast path answers, it gives libxml2's text.
    @Test func corpusTextsMatch() throws {
        let corpus = try #require(Bundle.module.resourceURL?.appendingPathComponent("Fixtures/corpus"))
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path) where name.hasSuffix(".xml") {
            let decoded = DocumentDecoder.decodeXML(
                try Data(contentsOf: corpus.appendingPathComponent(name)), contentType: nil)
            guard let root = LibXML2.parse(FeedSniffer.trimmedXML(decoded.utf8), base: nil).root else { continue }
            var texts: [String] = []
            Self.collect(root, into: &texts)
            for text in texts where text.utf8.contains(UInt8(ascii: "&")) {
                guard let fast = HTMLEntityText.decoded(text) else { continue }
                #expect(fast == LibXML2.parsedHTMLText(text), "\(name)")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    private static func collect(_ element: XML.Element, into texts: inout [String]) {
        for node in element.children {
            switch node {
            case .text(let text): texts.append(text)
            case .element(let child): collect(child, into: &texts)
            }
        }
    }
}

/// A small deterministic generator (SplitMix64) for generated test inputs.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `PlainText.isDoubleEscapedHTML` on bytes, stopping at the first tag that decides, answers what
/// its first form answered (kept here as the reference).
@Suite("Double-escaped HTML")
struct DoubleEscapedTests {
    static func reference(_ html: String) -> Bool {
        guard !html.utf8.contains(UInt8(ascii: "<")), html.containsLiteral("&lt;") else { return false }
        var starts = Set<String>()
        var ends = Set<String>()
        let utf8 = Array(html.utf8)
        let open = Array("&lt;".utf8)
        var index = 0
        while index + open.count < utf8.count {
            guard utf8[index] == open[0], Array(utf8[index..<(index + open.count)]) == open else {
                index += 1
                continue
            }
            index += open.count
            let isEnd = utf8[index] == UInt8(ascii: "/")
            if isEnd { index += 1 }
            var name: [UInt8] = []
            while index < utf8.count, name.count < 16, isTagNameByte(utf8[index], first: name.isEmpty) {
                name.append(utf8[index] | 0x20)
                index += 1
            }
            guard !name.isEmpty, index < utf8.count,
                [UInt8(ascii: " "), 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: "&")].contains(utf8[index]),
                case let tag = String(decoding: name, as: UTF8.self), SanitizerPolicy.elements[tag] != nil
            else { continue }
            if isEnd { ends.insert(tag) } else { starts.insert(tag) }
        }
        return !starts.isDisjoint(with: ends) || !starts.isDisjoint(with: SanitizerPolicy.void)
    }

    private static func isTagNameByte(_ byte: UInt8, first: Bool) -> Bool {
        let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        return first ? letter : letter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    @Test func generatedTextAnswersAsBefore() {
        var generator = SplitMix64(seed: 1_999)
        let pieces = [
            "&lt;", "&gt;", "&lt;/", "p", "P", "br", "img", "nick", "details", "h1", "x", " ", "/", "&amp;",
            "&", "l", "t;", "\n", "日本", "<", "abcdefghijklmnopqr", "9"
        ]
        var trues = 0
        for _ in 0..<5_000 {
            let text = (0..<Int(generator.next() % 16)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))]
            }.joined()
            let expected = Self.reference(text)
            if expected { trues += 1 }
            #expect(PlainText.isDoubleEscapedHTML(text) == expected, "\(text)")
        }
        #expect(trues > 20)
    }
}
