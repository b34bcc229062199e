import Foundation
import Testing

@testable import FeedParser

/// `String.utf8Offset(ofLiteral:)` finds what Foundation's `range(of:)` finds, for the ASCII
/// needles the parser searches.
@Suite("Literal search")
struct LiteralSearchTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let needle: String
        var testDescription: String { "'\(needle)' in '\(text)'" }
    }

    static let cases: [Case] = [
        Case(text: "", needle: "&lt;"), Case(text: "&lt", needle: "&lt;"), Case(text: "&lt;", needle: "&lt;"),
        Case(text: "a &amp; &lt;p&gt;", needle: "&lt;"), Case(text: "&l&lt;&lt;", needle: "&lt;"),
        Case(text: "日本語 &lt;/p", needle: "&lt;"), Case(text: "é&lt;", needle: "&lt;"),
        Case(text: "0001-01-01T00:00:00Z", needle: "0001-01-01"),
        Case(text: "Mon, 01 Jan 0001 00:00", needle: " Jan 0001 "),
        Case(text: "2024-01-01T00:00:00Z", needle: "0001-01-01"), Case(text: "00001-01-0", needle: "0001-01-01"),
        Case(text: "example.org/a://", needle: "://"), Case(text: "https://x", needle: "://"),
        Case(text: "x", needle: "xy")
    ]

    @Test("same offset as Foundation's range(of:)", arguments: cases)
    func sameAsFoundation(_ testCase: Case) {
        let expected = testCase.text.range(of: testCase.needle).map {
            testCase.text.utf8.distance(from: testCase.text.startIndex, to: $0.lowerBound)
        }
        #expect(testCase.text.utf8Offset(ofLiteral: testCase.needle) == expected)
        #expect(testCase.text.containsLiteral(testCase.needle) == (expected != nil))
    }

    @Test func anEmptyNeedleIsAtZero() {
        #expect("abc".utf8Offset(ofLiteral: "") == 0)
    }
}
