import Foundation
import PlanetBase

/// Reads the dates found in feeds, as liberally as the web needs, and writes the two date forms
/// feeds are made of.
///
/// Parsing is hand-written scanning over the UTF-8 bytes plus integer calendar arithmetic
/// (`CivilCalendar`): no `DateFormatter`, `Calendar` or locale is touched, so it is cheap enough
/// for every date of thousands of feeds.
public enum FeedDateParser {
    /// Longest text (in UTF-8 bytes, after trimming) that is tried as a date.
    static let maxLength = 160

    /// Parses a date as feeds write it; the result is an instant (UTC).
    ///
    /// Accepted, in the order tried:
    /// - Unix time: 9 to 11 digits are seconds, 12 to 14 digits milliseconds (optional `.fraction`).
    /// - RFC 3339 / W3C-DTF / ISO 8601 (`ISODateScanner`): `2024`, `2024-01`, `2024-01-02`,
    ///   `2024-01-02T03:04:05.123+01:00`, lowercase `t`/`z`, a space for `T`, `20240102T030405Z`.
    /// - RFC 822 §5 / RFC 1123 §5.2.14 and variants (`LiberalDateScanner`): with or without (or with
    ///   a wrong) weekday, 2-digit years (RFC 2822 §4.3), missing seconds, named zones (RFC 822 §5.1
    ///   and common ones such as CET, JST), military letters, `GMT+2`, `+0200`, `+02:00`, extra
    ///   spaces and commas, full names, and month/day names in German, French, Spanish,
    ///   Portuguese, Italian, Dutch, Polish, Russian, Ukrainian, Greek, Hungarian, Czech and
    ///   Scandinavian languages; asctime; `2020/1/10 14:03`; CJK `2020年1月10日`.
    ///
    /// - IANA zone names after any of these (`Etc/GMT`, `Europe/Berlin`): `parseNamedZone`.
    ///
    /// A time without a zone is read as UTC. Four-digit years before 1000 (Go's zero time
    /// `0001-01-01`, written by Hugo for undated pages) are placeholders and give nil.
    /// - Parameter text: the element's text; surrounding whitespace is ignored.
    /// - Returns: the instant, or nil when the text cannot be read as a date (the caller warns).
    public static func parse(_ text: String) -> Date? {
        if let date = parseNamedZone(text) { return date }
        return parseScanned(text)
    }

    /// A date whose last word is an IANA time zone name (`Etc/GMT`, `Europe/Berlin`,
    /// `America/Argentina/Buenos_Aires`: an area, `/`, a location), as some generators write
    /// instead of an offset: the rest is read as the wall-clock time in that zone, daylight
    /// saving included (Foundation's `TimeZone(identifier:)`, the tz database). When the rest
    /// states its own offset, that offset stands. Nil when the last word is no such name.
    private static func parseNamedZone(_ text: String) -> Date? {
        let trimmed = text.trimmingSpacesAndNewlines()
        guard trimmed.utf8.contains(UInt8(ascii: "/")), let space = trimmed.lastIndex(of: " ") else { return nil }
        let name = trimmed[trimmed.index(after: space)...]
        guard let first = name.utf8.first, first &- 0x41 < 26, name.contains("/"),
            name.utf8.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || "/_-+".utf8.contains($0) }),
            let zone = TimeZone(identifier: String(name))
        else { return nil }
        let rest = String(trimmed[..<space])
        guard let wall = parseScanned(rest) else { return nil }
        // The rest has an offset of its own when one more written after it is not read as one.
        let probe = parseScanned(rest + " +0100") ?? parseScanned(rest + "+01:00")
        guard probe == wall.addingTimeInterval(-3600) else { return wall }
        var instant = wall.addingTimeInterval(-Double(zone.secondsFromGMT(for: wall)))
        let offset = zone.secondsFromGMT(for: instant)
        instant = wall.addingTimeInterval(-Double(offset))
        return instant
    }

    private static func parseScanned(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { all -> Date? in
            var start = 0
            var end = all.count
            while start < end, isSpace(all, start) { start += 1 }
            while end > start, isSpace(all, end - 1) { end -= 1 }
            guard end > start, end - start <= maxLength else { return nil }
            let bytes = UnsafeBufferPointer(rebasing: all[start..<end])
            if let unix = unixTime(bytes) { return unix }
            if bytes.count >= 4, bytes[0].isASCIIDigit, bytes[1].isASCIIDigit, bytes[2].isASCIIDigit,
                bytes[3].isASCIIDigit, let iso = ISODateScanner.scan(bytes)
            {
                return iso
            }
            return LiberalDateScanner.scan(bytes)
        }
    }

    private static func isSpace(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let byte = b[i]
        return byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x2C
    }

    /// Seconds (9-11 digits) or milliseconds (12-14 digits) since 1970-01-01T00:00:00Z.
    private static func unixTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var s = ByteScanner(bytes)
        guard let whole = s.digits(max: 14), (9...14).contains(whole.count) else { return nil }
        var fraction = 0.0
        if s.skip(0x2E) {
            guard let f = s.fraction() else { return nil }
            fraction = f
        }
        guard s.atEnd else { return nil }
        let seconds = whole.count >= 12 ? (Double(whole.value) + fraction) / 1000 : Double(whole.value) + fraction
        return Date(timeIntervalSince1970: seconds)
    }
}
