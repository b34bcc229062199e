import Foundation
import Testing

@testable import FeedParser

@Suite("FeedDateParser writing")
struct FeedDateFormattingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let seconds: Double
        let rfc3339: String
        let rfc822: String
        var testDescription: String { rfc3339 }
    }

    static let cases: [Case] = [
        Case(seconds: 0, rfc3339: "1970-01-01T00:00:00Z", rfc822: "Thu, 01 Jan 1970 00:00:00 +0000"),
        Case(seconds: 1_704_164_645, rfc3339: "2024-01-02T03:04:05Z", rfc822: "Tue, 02 Jan 2024 03:04:05 +0000"),
        Case(seconds: 1_704_164_645.999, rfc3339: "2024-01-02T03:04:05Z", rfc822: "Tue, 02 Jan 2024 03:04:05 +0000"),
        Case(seconds: 951_782_400, rfc3339: "2000-02-29T00:00:00Z", rfc822: "Tue, 29 Feb 2000 00:00:00 +0000"),
        Case(seconds: -1, rfc3339: "1969-12-31T23:59:59Z", rfc822: "Wed, 31 Dec 1969 23:59:59 +0000"),
        Case(seconds: -0.5, rfc3339: "1969-12-31T23:59:59Z", rfc822: "Wed, 31 Dec 1969 23:59:59 +0000"),
        Case(seconds: 4_102_444_799, rfc3339: "2099-12-31T23:59:59Z", rfc822: "Thu, 31 Dec 2099 23:59:59 +0000")
    ]

    @Test("RFC 3339 and RFC 822 output", arguments: cases)
    func writes(_ c: Case) {
        let date = Date(timeIntervalSince1970: c.seconds)
        #expect(FeedDateParser.rfc3339(date) == c.rfc3339)
        #expect(FeedDateParser.rfc822(date) == c.rfc822)
    }

    @Test("what is written reads back to the same second")
    func roundTrip() throws {
        var seconds = -2_000_000_000.0
        while seconds < 4_000_000_000 {
            let date = Date(timeIntervalSince1970: seconds)
            let viaISO = try #require(FeedDateParser.parse(FeedDateParser.rfc3339(date)))
            let viaRFC822 = try #require(FeedDateParser.parse(FeedDateParser.rfc822(date)))
            #expect(viaISO == date)
            #expect(viaRFC822 == date)
            seconds += 86_400 * 37 + 3_723
        }
    }

    // Foundation switches to the Julian calendar before 1582-10-15, so compare from 1584 on.
    @Test("civil calendar agrees with Foundation's Gregorian calendar")
    func civilCalendar() throws {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = try #require(TimeZone(identifier: "UTC"))
        for days in stride(from: -140_000, to: 2_900_000, by: 997) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = gregorian.dateComponents([.year, .month, .day, .weekday], from: date)
            let civil = CivilCalendar.civil(days: days)
            #expect(civil.year == parts.year && civil.month == parts.month && civil.day == parts.day)
            #expect(CivilCalendar.weekday(days: days) + 1 == parts.weekday)
            #expect(CivilCalendar.days(year: civil.year, month: civil.month, day: civil.day) == days)
        }
    }
}
