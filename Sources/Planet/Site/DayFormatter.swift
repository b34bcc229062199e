import Foundation

/// Formats dates for people, in the planet's time zone (setting `timezone`).
///
/// English names, fixed patterns, so output does not depend on the machine's locale.
struct DayFormatter {
    private let dayFormatter: DateFormatter
    private let isoDayFormatter: DateFormatter
    private let timeFormatter: DateFormatter

    init(timeZone: TimeZone) {
        func make(_ pattern: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = pattern
            return formatter
        }
        dayFormatter = make("EEEE, d MMMM yyyy")
        isoDayFormatter = make("yyyy-MM-dd")
        timeFormatter = make("HH:mm")
    }

    /// "Sunday, 29 November 2026"
    func day(_ date: Date) -> String { dayFormatter.string(from: date) }
    /// "2026-11-29"
    func isoDay(_ date: Date) -> String { isoDayFormatter.string(from: date) }
    /// "17:30"
    func time(_ date: Date) -> String { timeFormatter.string(from: date) }
}
