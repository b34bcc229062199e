import Foundation

/// RFC 3339 §5.6 timestamps in UTC with whole seconds: `2024-01-02T03:04:05Z`.
enum RFC3339 {
    /// The instant in UTC, fractional seconds dropped (floored), in the proleptic Gregorian
    /// calendar (RFC 3339 §5.6 and ISO 8601 count Gregorian dates before 1582 too: 1200-01-01 is
    /// not Foundation's Julian 1199-12-25), from `CivilCalendar`'s integer arithmetic. The year is
    /// clamped to 0000–9999, the four digits RFC 3339 writes; month, day and time stay.
    static func utcString(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let seconds = interval.isFinite ? max(min(interval, 4e14), -4e14).rounded(.down) : 0
        let whole = Int(seconds)
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let time = whole - days * 86_400
        let (civilYear, month, day) = CivilCalendar.civil(days: days)
        let year = min(max(civilYear, 0), 9999)
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
}
