import Foundation

extension FeedDateParser {
    /// Writes an instant as RFC 3339 in UTC with whole seconds: `2024-01-02T03:04:05Z`.
    ///
    /// Fractions of a second are dropped (rounded down). This is the date form of `planet parse
    /// --json` and of Atom (RFC 4287 §3.3).
    public static func rfc3339(_ date: Date) -> String {
        let p = parts(date)
        var out: [UInt8] = []
        out.reserveCapacity(20)
        appendYear(p.year, to: &out)
        out.append(0x2D)
        append2(p.month, to: &out)
        out.append(0x2D)
        append2(p.day, to: &out)
        out.append(0x54)
        appendTime(p, to: &out)
        out.append(0x5A)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes an instant as RFC 822 (RFC 1123 §5.2.14, four-digit year) in UTC, English names:
    /// `Tue, 02 Jan 2024 03:04:05 +0000`, the form RSS 2.0 asks for in `<pubDate>`.
    public static func rfc822(_ date: Date) -> String {
        let p = parts(date)
        var out: [UInt8] = []
        out.reserveCapacity(31)
        out.append(contentsOf: weekdayNames[p.weekday].utf8)
        out.append(contentsOf: [0x2C, 0x20])
        append2(p.day, to: &out)
        out.append(0x20)
        out.append(contentsOf: monthNames[p.month - 1].utf8)
        out.append(0x20)
        appendYear(p.year, to: &out)
        out.append(0x20)
        appendTime(p, to: &out)
        out.append(contentsOf: " +0000".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// The furthest instant from the epoch the date writers print as it is, seconds (±2.5 × 10¹¹,
    /// the year 9892 and its mirror before the epoch); instants beyond are written as these.
    public static let latestWritten: TimeInterval = 2.5e11

    private static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private struct Parts {
        var year, month, day, hour, minute, second, weekday: Int
    }

    private static func parts(_ date: Date) -> Parts {
        let interval = date.timeIntervalSince1970
        let total =
            interval.isFinite
            ? Int(max(min(interval, latestWritten), -latestWritten).rounded(.down)) : 0
        var days = total / 86_400
        var seconds = total % 86_400
        if seconds < 0 {
            seconds += 86_400
            days -= 1
        }
        let civil = CivilCalendar.civil(days: days)
        return Parts(
            year: civil.year, month: civil.month, day: civil.day, hour: seconds / 3600,
            minute: seconds / 60 % 60, second: seconds % 60,
            weekday: CivilCalendar.weekday(days: days))
    }

    private static func append2(_ value: Int, to out: inout [UInt8]) {
        out.append(0x30 + UInt8(value / 10 % 10))
        out.append(0x30 + UInt8(value % 10))
    }

    private static func appendYear(_ year: Int, to out: inout [UInt8]) {
        guard (0...9999).contains(year) else {
            out.append(contentsOf: String(year).utf8)
            return
        }
        append2(year / 100, to: &out)
        append2(year % 100, to: &out)
    }

    private static func appendTime(_ p: Parts, to out: inout [UInt8]) {
        append2(p.hour, to: &out)
        out.append(0x3A)
        append2(p.minute, to: &out)
        out.append(0x3A)
        append2(p.second, to: &out)
    }
}
