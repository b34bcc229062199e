import Foundation
import Testing

@testable import PlanetSite

/// Day and time for people, in the planet's time zone, against Foundation's own formatter.
@Suite("Site: day formatter")
struct DayFormatterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let zone: String
        let epoch: Double
        var testDescription: String { "\(zone) \(epoch)" }
    }

    static let cases: [Case] = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Chatham"]
        .flatMap { zone in
            [0, -1, 951_782_400, 1_796_400_000, 1_774_746_000, 1_792_890_000, 4_107_542_400, -2_208_988_800]
                .map { Case(zone: zone, epoch: $0) }
        }

    @Test("day, ISO day and time equal DateFormatter's en_US_POSIX output", arguments: cases)
    func matchesFoundation(_ test: Case) throws {
        let zone = try #require(TimeZone(identifier: test.zone))
        let date = Date(timeIntervalSince1970: test.epoch)
        let formatter = DayFormatter(timeZone: zone)
        func reference(_ pattern: String) -> String {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = zone
            f.dateFormat = pattern
            return f.string(from: date)
        }
        #expect(formatter.day(date) == reference("EEEE, d MMMM yyyy"))
        #expect(formatter.isoDay(date) == reference("yyyy-MM-dd"))
        #expect(formatter.time(date) == reference("HH:mm"))
    }
}
