import Foundation
import PlanetBase
import Testing

@testable import FeedParser

/// `WordScan`'s eight-bytes-at-once tests are exact for "no such byte", and the byte scans built
/// on them find what a byte-by-byte loop finds.
@Suite("Word scans")
struct WordScanTests {
    /// Words of random bytes and words made of the bytes around each test's edge.
    static func words() -> [UInt64] {
        var generator = SplitMix64(seed: 8)
        var words = (0..<20_000).map { _ in generator.next() }
        let edges: [UInt8] = [
            0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x26, 0x3C, 0x3E, 0x5C, 0x7F, 0x80, 0xC2, 0xEF, 0xFF
        ]
        for _ in 0..<20_000 {
            var word: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) {
                word |= UInt64(edges[Int(generator.next() % UInt64(edges.count))]) << UInt64(shift)
            }
            words.append(word)
        }
        return words
    }

    static func bytes(_ word: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) }
    }

    @Test func hasAndHasBelowAreExact() {
        for word in Self.words() {
            let bytes = Self.bytes(word)
            for byte: UInt8 in [0x00, 0x22, 0x26, 0x3C, 0x5C, 0x7F, 0xC2, 0xEF, 0xFF] {
                #expect((WordScan.has(word, byte) != 0) == bytes.contains(byte), "\(word) \(byte)")
            }
            for limit: UInt8 in [0x01, 0x20, 0x80] {
                #expect((WordScan.hasBelow(word, limit) != 0) == bytes.contains { $0 < limit }, "\(word) \(limit)")
            }
        }
    }

    @Test func firstSpecialFindsTheFirstSpecialByte() {
        var generator = SplitMix64(seed: 9)
        let alphabet: [UInt8] = Array("abc xyz".utf8) + [0x0A, 0x22, 0x5C, 0xE6, 0x97, 0xA5]
        for _ in 0..<2_000 {
            let bytes = (0..<Int(generator.next() % 40)).map { _ in
                alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            let start = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count))
            let isSpecial: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            let expected = bytes.indices.first { $0 >= start && isSpecial(bytes[$0]) } ?? bytes.count
            let found = bytes.withUnsafeBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return WordScan.firstSpecial(
                    base, from: start, count: buffer.count,
                    mayHold: { word in
                        WordScan.hasBelow(word, 0x20) | WordScan.has(word, 0x22) | WordScan.has(word, 0x5C) != 0
                    }, isSpecial: isSpecial)
            }
            #expect(found == expected, "\(bytes) from \(start)")
        }
    }
}

/// The byte-run escapers give what their scalar-by-scalar forms gave.
@Suite("Escaping by runs")
struct EscapingByRunsTests {
    /// Strings of the characters each escaper treats apart, beside plain and multi-byte ones.
    static func samples() -> [String] {
        var generator = SplitMix64(seed: 21)
        let pieces = [
            "a", "bc", " ", "\"", "&", "<", ">", "\\", "\n", "\t", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
            "\u{80}", "\u{85}", "\u{92}", "\u{9F}", "\u{A0}", "é", "日本", "，", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}",
            "\u{1F600}", "abcdefgh", "ijklmnop"
        ]
        return (0..<3_000).map { _ in
            (0..<Int(generator.next() % 24)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
    }

    /// `XML.Element.escape` scalar by scalar: the markup characters escaped, what XML 1.0 forbids
    /// removed, DEL and C1 controls as `TextControls` says (`MarkupEscaping.text`, `.attribute`).
    static func referenceEscape(_ text: String, quotes: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars where XMLCharacters.isAllowed(scalar) {
            if TextControls.isControl(scalar) {
                if let character = TextControls.replacement(for: scalar) { out.unicodeScalars.append(character) }
                continue
            }
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `XMLCharacters.scrubbed` by its definition.
    static func referenceScrubbed(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where XMLCharacters.isAllowed(scalar) { scalars.append(scalar) }
        return String(scalars)
    }

    /// `HTMLEscaping.append` as it was written before it skipped words: byte by byte.
    static func referenceHTMLEscaping(_ text: String, quotes: Bool) -> [UInt8] {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        var runStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            let replacement: String?
            let width: Int
            switch byte {
            case UInt8(ascii: "&"): (replacement, width) = ("&amp;", 1)
            case UInt8(ascii: "<"): (replacement, width) = ("&lt;", 1)
            case UInt8(ascii: ">"): (replacement, width) = ("&gt;", 1)
            case UInt8(ascii: "\"") where quotes: (replacement, width) = ("&quot;", 1)
            case 0x09, 0x0A, 0x0D: (replacement, width) = (nil, 0)
            case 0..<0x20, 0x7F: (replacement, width) = ("", 1)
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                let character = TextControls.replacement(for: Unicode.Scalar(bytes[index + 1]))
                (replacement, width) = (character.map { String(Character($0)) } ?? "", 2)
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                (replacement, width) = ("", 3)
            default: (replacement, width) = (nil, 0)
            }
            guard let replacement else {
                index += 1
                continue
            }
            output.append(contentsOf: bytes[runStart..<index])
            output.append(contentsOf: replacement.utf8)
            index += width
            runStart = index
        }
        output.append(contentsOf: bytes[runStart..<bytes.count])
        return output
    }

    @Test func xmlEscapeMatchesScalarByScalar() {
        for sample in Self.samples() {
            #expect(XML.Element.escape(sample, quotes: false) == Self.referenceEscape(sample, quotes: false))
            #expect(XML.Element.escape(sample, quotes: true) == Self.referenceEscape(sample, quotes: true))
        }
    }

    @Test func scrubbedMatchesItsDefinition() {
        for sample in Self.samples() {
            #expect(XMLCharacters.scrubbed(sample) == Self.referenceScrubbed(sample), "\(Array(sample.utf8))")
        }
    }

    @Test func htmlEscapingMatchesByteByByte() {
        for sample in Self.samples() {
            for quotes in [false, true] {
                var output: [UInt8] = []
                var text = sample
                text.withUTF8 { (quotes ? HTMLEscaping.attribute : HTMLEscaping.text).append($0, to: &output) }
                #expect(output == Self.referenceHTMLEscaping(sample, quotes: quotes), "\(Array(sample.utf8))")
            }
        }
    }
}
