import Foundation
import Testing

@testable import FeedParser

/// `RFC3339.utcString` writes from integer arithmetic between 1600 and 9999 what Foundation's
/// Gregorian calendar writes, and leaves every other instant to Foundation.
@Suite("RFC 3339 timestamps")
struct RFC3339Tests {
    static let edges: [Double] = [
        0, -1, -0.5, 0.999, 59, 60, 86_399, 86_400,
        951_782_400,  // 2000-02-29
        1_704_164_645.75,
        -11_676_096_000,  // 1600-01-01
        -11_676_096_001, -11_676_095_999,
        -12_219_292_800,  // 1582-10-15
        -62_000_000_000,
        253_402_300_799,  // 9999-12-31T23:59:59
        253_402_300_800, 4_102_444_800, 32_503_680_000
    ]

    @Test("same text as Foundation's calendar", arguments: edges)
    func edgesMatchFoundation(_ seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(RFC3339.utcString(date) == RFC3339.foundationUTCString(date))
    }

    @Test func randomInstantsMatchFoundation() {
        var generator = SplitMix64(seed: 3339)
        let span = 253_402_300_800.0 + 11_676_096_000.0
        for _ in 0..<5_000 {
            let seconds =
                Double(generator.next() % UInt64(span)) - 11_676_096_000 + Double(generator.next() % 1000) / 1000
            let date = Date(timeIntervalSince1970: seconds)
            #expect(RFC3339.utcString(date) == RFC3339.foundationUTCString(date), "\(seconds)")
        }
    }

    @Test func writesTheKnownForm() {
        #expect(RFC3339.utcString(Date(timeIntervalSince1970: 1_704_164_645.9)) == "2024-01-02T03:04:05Z")
        #expect(RFC3339.utcString(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }
}
