import Foundation
import Testing

@testable import FeedParser

/// `RFC3339.utcString` writes the proleptic Gregorian calendar from integer arithmetic: what
/// Foundation's Gregorian calendar writes from its switch (1582-10-15) to 9999, and Gregorian
/// dates before it too, where Foundation's calendar is Julian.
@Suite("RFC 3339 timestamps")
struct RFC3339Tests {
    static let edges: [Double] = [
        0, -1, -0.5, 0.999, 59, 60, 86_399, 86_400,
        951_782_400,  // 2000-02-29
        1_704_164_645.75,
        -11_676_096_000,  // 1600-01-01
        -11_676_096_001, -11_676_095_999,
        -12_219_292_800,  // 1582-10-15
        -12_219_292_799,
        253_402_300_799,  // 9999-12-31T23:59:59
        253_402_300_800, 4_102_444_800, 32_503_680_000
    ]

    @Test("same text as Foundation's calendar", arguments: edges)
    func edgesMatchFoundation(_ seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(RFC3339.utcString(date) == Self.foundationUTCString(date))
    }

    @Test func randomInstantsMatchFoundation() {
        var generator = SplitMix64(seed: 3339)
        let span = 253_402_300_800.0 + 12_219_292_800.0
        for _ in 0..<5_000 {
            let seconds =
                Double(generator.next() % UInt64(span)) - 12_219_292_800 + Double(generator.next() % 1000) / 1000
            let date = Date(timeIntervalSince1970: seconds)
            #expect(RFC3339.utcString(date) == Self.foundationUTCString(date), "\(seconds)")
        }
    }

    /// Before 1582-10-15 Foundation's Gregorian calendar is Julian (1200-01-01 would be written
    /// 1199-12-25); RFC 3339 and ISO 8601 dates are proleptic Gregorian.
    @Test(
        "dates before the Gregorian switch are proleptic Gregorian",
        arguments: [
            (-24_298_876_800, "1200-01-01T00:00:00Z"), (-12_219_724_800, "1582-10-10T00:00:00Z"),
            (-12_220_243_200, "1582-10-04T00:00:00Z"), (-12_219_292_801, "1582-10-14T23:59:59Z"),
            (-62_000_000_000, "0005-04-19T09:46:40Z"), (-62_135_596_800, "0001-01-01T00:00:00Z")
        ] as [(Double, String)])
    func beforeTheSwitch(_ seconds: Double, _ expected: String) {
        #expect(RFC3339.utcString(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("a date that a feed writes before 1583 comes out as it was written")
    func feedDates() throws {
        for text in ["1200-01-01T00:00:00Z", "1582-10-10T12:30:00Z", "1066-10-14T09:00:00Z"] {
            let date = try #require(FeedDateParser.parse(text))
            #expect(RFC3339.utcString(date) == text)
            #expect(FeedDateParser.rfc3339(date) == text)
        }
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Annals</title><id>urn:a</id>
            <entry><id>urn:a:1</id><title>Coronation</title><published>1200-01-01T00:00:00Z</published>
            <updated>1582-10-10T00:00:00Z</updated></entry></feed>
            """
        let contract = try Feed.parse(Data(atom.utf8), url: nil).jsonContract()
        #expect(contract.contains(#""published": "1200-01-01T00:00:00Z""#))
        #expect(contract.contains(#""updated": "1582-10-10T00:00:00Z""#))
    }

    @Test func writesTheKnownForm() {
        #expect(RFC3339.utcString(Date(timeIntervalSince1970: 1_704_164_645.9)) == "2024-01-02T03:04:05Z")
        #expect(RFC3339.utcString(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    /// The instant through Foundation's Gregorian `Calendar` in UTC: the reference from
    /// 1582-10-15 on (Julian before it).
    static func foundationUTCString(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(max(0, value ?? 0))
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(min(9999, parts.year ?? 0), 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))Z"
    }
}
