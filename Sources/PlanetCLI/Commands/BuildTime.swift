import FeedParser
import Foundation

/// The build time from `--now` or `SOURCE_DATE_EPOCH` (reproducible-builds.org spec: decimal
/// seconds since the Unix epoch, UTC); nil means the clock.
enum BuildTime {
    /// - Throws: `UsageError` when `--now` is not RFC 3339 or `SOURCE_DATE_EPOCH` is not a number.
    static func resolve(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Date? {
        if let text = arguments.value(BuildCommand.now) {
            guard let date = parseRFC3339(text) else {
                throw arguments.error(
                    "'--now' must be an RFC 3339 time such as "
                        + "'2024-01-02T03:04:05Z', in the years 1000 to 9892, not '\(text)'")
            }
            guard abs(date.timeIntervalSince1970) <= FeedDateParser.latestWritten else {
                throw arguments.error(
                    "'--now' \(text) is later than planet writes times (up to "
                        + FeedDateParser.rfc3339(Date(timeIntervalSince1970: FeedDateParser.latestWritten)) + ")")
            }
            return date
        }
        if let text = environment["SOURCE_DATE_EPOCH"], !text.isEmpty {
            guard let seconds = Int64(text), seconds >= 0 else {
                throw arguments.error(
                    "SOURCE_DATE_EPOCH must be a whole number of seconds since "
                        + "1970-01-01T00:00:00Z, not '\(text)'")
            }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return nil
    }

    /// RFC 3339 §5.6 `date-time`, with or without fractional seconds, an offset of at most ±23:59,
    /// read in the proleptic Gregorian calendar as feeds' dates are (`FeedDateParser`, which takes
    /// a year before 1000 for a placeholder and reads none: such a `--now` is refused; Foundation's
    /// `ISO8601DateFormatter` read dates before 1582-10-15 as Julian).
    static func parseRFC3339(_ text: String) -> Date? {
        guard isDateTime(Array(text.utf8)) else { return nil }
        return FeedDateParser.parse(text)
    }

    /// `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)` (RFC 3339 §5.6, `T`/`Z` in either case), fields in range.
    private static func isDateTime(_ b: [UInt8]) -> Bool {
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count else { return nil }
            var value = 0
            for i in range {
                guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                value = value * 10 + Int(b[i] - 0x30)
            }
            return value
        }
        guard b.count >= 20, let year = digits(0..<4), year >= 1, b[4] == 0x2D, let month = digits(5..<7),
            (1...12).contains(month), b[7] == 0x2D, let day = digits(8..<10), (1...31).contains(day),
            b[10] | 0x20 == 0x74, let hour = digits(11..<13), hour <= 23, b[13] == 0x3A,
            let minute = digits(14..<16), minute <= 59, b[16] == 0x3A, let second = digits(17..<19), second <= 60
        else { return false }
        var i = 19
        if b[i] == 0x2E {
            i += 1
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            guard i > start else { return false }
        }
        guard i < b.count else { return false }
        if b[i] | 0x20 == 0x7A { return i + 1 == b.count }
        guard b[i] == 0x2B || b[i] == 0x2D, i + 6 == b.count, let offsetHour = digits((i + 1)..<(i + 3)),
            offsetHour <= 23, b[i + 3] == 0x3A, let offsetMinute = digits((i + 4)..<(i + 6)), offsetMinute <= 59
        else { return false }
        return true
    }
}
