import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("Punycode (RFC 3492)")
struct PunycodeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var unicode: String
        var encoded: String
        var testDescription: String { encoded }
    }

    /// RFC 3492 §7.1 sample strings, plus common German host labels.
    static let cases: [Case] = [
        Case(unicode: "bücher", encoded: "bcher-kva"),
        Case(unicode: "münchen", encoded: "mnchen-3ya"),
        Case(
            unicode: "\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}"
                + "\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}",
            encoded: "egbpdaj6bu4bxfgehfvwxn"),
        Case(
            unicode: "\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}",
            encoded: "ihqwcrb4cv8a8dqg056pqjye"),
        Case(
            unicode: "PorquénopuedensimplementehablarenEspañol",
            encoded: "PorqunopuedensimplementehablarenEspaol-fmd56a"),
        Case(unicode: "3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}", encoded: "3B-ww4c5e180e575a65lsy2b"),
        Case(unicode: "-> $1.00 <-", encoded: "-> $1.00 <--")
    ]

    @Test(arguments: cases)
    func encodesTheSamplesOfTheRFC(_ testCase: Case) {
        #expect(Punycode.encode(testCase.unicode) == testCase.encoded)
    }

    @Test func hostsGetXnLabelsOnlyWhereNeeded() {
        #expect(Punycode.asciiHost("Bücher.Example") == "xn--bcher-kva.example")
        #expect(Punycode.asciiHost("www.EXAMPLE.org") == "www.example.org")
        // "u" + combining diaeresis is put in NFC first.
        #expect(Punycode.asciiHost("mu\u{0308}nchen.de") == "xn--mnchen-3ya.de")
    }
}
