import Foundation

/// The pieces of a date as read from text, before they are checked and turned into an instant.
struct DateFields {
    var year = 0
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0
    /// Fraction of a second, 0 ..< 1.
    var fraction = 0.0
    /// Offset of the written local time from UTC, in seconds (east positive); 0 when unstated.
    var offset = 0

    /// Checks ranges and converts to an instant in UTC.
    ///
    /// Rules: month 1...12; day within the month; hour 0...24 (24 only as 24:00:00, ISO 8601);
    /// minute 0...59; second 0...60 (a leap second is read as :59). Four-digit years before
    /// 1000 are refused: in feeds they are placeholders such as Go's zero time `0001-01-01`
    /// (Hugo writes it for undated pages), not real dates.
    func instant() -> Date? {
        guard (1000...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month),
            (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            hour < 24 || (minute == 0 && second == 0 && fraction == 0),
            abs(offset) < 24 * 3600
        else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
