import Foundation
import Testing

@testable import PlanetBase

/// `Whitespace` must trim exactly what Foundation's `trimmingCharacters(in:)` trims: the fast
/// trims replaced it on hot paths, and goldens depend on the same results.
@Suite("Whitespace trimming")
struct WhitespaceTests {
    @Test("the scalar sets are Foundation's, for every code point")
    func setsMatchFoundation() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(
                Whitespace.isSpace(scalar) == CharacterSet.whitespaces.contains(scalar), "U+\(String(value, radix: 16))"
            )
            #expect(
                Whitespace.isSpaceOrNewline(scalar) == CharacterSet.whitespacesAndNewlines.contains(scalar),
                "U+\(String(value, radix: 16))")
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        var testDescription: String { text.debugDescription }
    }

    static let cases = [
        "", " ", "abc", "  abc  ", "\n\t abc \r\n", "\u{A0}abc\u{3000}", " \u{301}abc \u{301}",
        "\u{200B}x\u{2028}", "\u{85}a b\u{85}", "é ", " 日本 ", "\u{1F600} ", "\u{0B}\u{0C}"
    ].map(Case.init)

    @Test("trims like trimmingCharacters(in:)", arguments: cases)
    func trimsLikeFoundation(_ testCase: Case) {
        #expect(testCase.text.trimmingSpaces() == testCase.text.trimmingCharacters(in: .whitespaces))
        #expect(
            testCase.text.trimmingSpacesAndNewlines() == testCase.text.trimmingCharacters(in: .whitespacesAndNewlines))
        let sub = testCase.text.dropFirst(0)
        #expect(sub.trimmingSpaces() == sub.trimmingCharacters(in: .whitespaces))
    }
}
