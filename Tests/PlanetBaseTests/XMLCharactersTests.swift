import PlanetBase
import Testing

/// The one rule for the characters XML 1.0 §2.2 forbids, on scalars and on UTF-8 bytes.
@Suite("XMLCharacters")
struct XMLCharactersTests {
    @Test("clean strings come back unchanged")
    func cleanStringsStay() {
        for text in ["", "plain", "tab\tLF\nCR\r", "ünï © 😀 \u{FFFD}"] {
            #expect(XMLCharacters.scrubbed(text) == text)
        }
    }

    @Test("the byte rule and the scalar rule agree on every code point")
    func bytesAgreeWithScalars() {
        var disagreeing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            var text = String(Character(scalar)) + "x"
            let length = text.withUTF8 { XMLCharacters.forbiddenLength(in: $0, at: 0) }
            if length != (XMLCharacters.isAllowed(scalar) ? 0 : scalar.utf8.count) {
                disagreeing.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        #expect(disagreeing.isEmpty)
    }

    @Test("forbidden: C0 but tab, LF, CR; U+FFFE; U+FFFF; allowed: DEL, C1, U+FFFD, astral")
    func theForbiddenSet() {
        let forbidden = (0..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) }.map { UInt32($0) } + [0xFFFE, 0xFFFF]
        for value in forbidden { #expect(!XMLCharacters.isAllowed(Unicode.Scalar(value)!)) }
        for value: UInt32 in [0x09, 0x0A, 0x0D, 0x20, 0x7F, 0x85, 0x9F, 0xD7FF, 0xE000, 0xFFFD, 0x10000, 0x10FFFF] {
            #expect(XMLCharacters.isAllowed(Unicode.Scalar(value)!))
        }
        #expect(XMLCharacters.scrubbed("a\u{0}b\u{1B}c\u{FFFE}d\u{FFFF}e\u{7F}f") == "abcde\u{7F}f")
    }
}
