import Foundation

/// RFC 3339 §5.6 timestamps in UTC with whole seconds: `2024-01-02T03:04:05Z`.
enum RFC3339 {
    /// The instant in UTC, fractional seconds dropped (floored). Years outside 0000–9999 are clamped.
    ///
    /// Instants from 1600 to 9999 are written from `CivilCalendar`'s integer arithmetic; others
    /// go through Foundation's Gregorian `Calendar` (`foundationUTCString`), whose calendar is
    /// Julian before 1582-10-15, so that every instant keeps the text it always had.
    static func utcString(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= civilFirst, seconds < civilEnd else { return foundationUTCString(date) }
        let whole = Int(seconds)
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let time = whole - days * 86_400
        let (year, month, day) = CivilCalendar.civil(days: days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        func append(_ value: Int, _ width: Int) {
            var divisor = width == 4 ? 1000 : 10
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        append(year, 4)
        bytes.append(UInt8(ascii: "-"))
        append(month, 2)
        bytes.append(UInt8(ascii: "-"))
        append(day, 2)
        bytes.append(UInt8(ascii: "T"))
        append(time / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        append(time / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        append(time % 60, 2)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// 1600-01-01T00:00:00Z and 10000-01-01T00:00:00Z, seconds since 1970: the instants the
    /// integer path writes.
    private static let civilFirst = Double(CivilCalendar.days(year: 1600, month: 1, day: 1) * 86_400)
    private static let civilEnd = Double(CivilCalendar.days(year: 10_000, month: 1, day: 1) * 86_400)

    /// `utcString` through Foundation's Gregorian `Calendar` in UTC.
    static func foundationUTCString(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second],
            from: Date(timeIntervalSince1970: seconds))
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(max(0, value ?? 0))
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let year = min(9999, parts.year ?? 0)
        return "\(pad(year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))Z"
    }
}
