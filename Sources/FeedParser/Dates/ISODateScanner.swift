import Foundation

/// Reads RFC 3339, W3C-DTF and the ISO 8601 forms feeds use.
///
/// Accepted: `YYYY`, `YYYY-MM`, `YYYY-MM-DD` (W3C-DTF partial dates; months and days may have
/// one digit), basic `YYYYMMDD`; then `T`, `t` or spaces and `hh:mm[:ss[.fff]]` (basic
/// `hhmm[ss]` after a basic date); then `Z`/`z`, `±hh:mm`, `±hhmm`, `±hh`, or a zone name
/// optionally followed by an offset (`UTC`, `GMT+2`). Without a zone the time is read as UTC
/// (W3C-DTF requires a zone; feeds that omit it most often mean UTC). Missing month/day are 1,
/// missing time is midnight.
enum ISODateScanner {
    /// - Parameter bytes: the trimmed text. - Returns: nil when the text is not of this shape.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var s = ByteScanner(bytes)
        var fields = DateFields()
        guard let year = s.digits(min: 4, max: 4) else { return nil }
        fields.year = year.value
        if s.atEnd { return fields.instant() }
        let basic = s.peek?.isASCIIDigit == true
        if basic {
            guard let month = s.digits(min: 2, max: 2), let day = s.digits(min: 2, max: 2) else { return nil }
            fields.month = month.value
            fields.day = day.value
        } else {
            guard s.skip(0x2D), let month = s.digits(max: 2) else { return nil }
            fields.month = month.value
            if s.skip(0x2D) {
                guard let day = s.digits(max: 2) else { return nil }
                fields.day = day.value
            }
        }
        if s.atEnd { return fields.instant() }
        let separated = s.skip(either: 0x54, or: 0x74) || s.skipSpaces() > 0
        guard separated, scanTime(&s, basic: basic, into: &fields) else { return nil }
        s.skipSpaces()
        guard scanZone(&s, into: &fields) else { return nil }
        s.skipSpaces()
        return s.atEnd ? fields.instant() : nil
    }

    private static func scanTime(_ s: inout ByteScanner, basic: Bool, into fields: inout DateFields) -> Bool {
        guard let hour = s.digits(max: 2) else { return false }
        fields.hour = hour.value
        let colon = s.skip(0x3A)
        guard colon || (basic && hour.count == 2), let minute = s.digits(min: 2, max: 2) else { return false }
        fields.minute = minute.value
        if colon ? s.skip(0x3A) : s.peek?.isASCIIDigit == true {
            guard let second = s.digits(min: 2, max: 2) else { return false }
            fields.second = second.value
            if s.skip(either: 0x2E, or: 0x2C) {
                guard let fraction = s.fraction() else { return false }
                fields.fraction = fraction
            }
        }
        return true
    }

    /// Reads an optional zone; false when something unreadable stands there.
    static func scanZone(_ s: inout ByteScanner, into fields: inout DateFields) -> Bool {
        guard let next = s.peek else { return true }
        if next == 0x2B || next == 0x2D { return scanOffset(&s, into: &fields) }
        guard next.isASCIILetter, let word = s.asciiWord(), case .zone(let offset)? = DateWords.meaning(of: word)
        else { return false }
        fields.offset = offset
        if offset == 0, let sign = s.peek, sign == 0x2B || sign == 0x2D {
            return scanOffset(&s, into: &fields)
        }
        return true
    }

    /// Reads `±hh`, `±h`, `±hhmm`, `±hh:mm`.
    static func scanOffset(_ s: inout ByteScanner, into fields: inout DateFields) -> Bool {
        let negative = s.peek == 0x2D
        s.index += 1
        guard let first = s.digits(max: 4) else { return false }
        var hours = first.value
        var minutes = 0
        switch first.count {
        case 1, 2:
            if s.skip(0x3A) {
                guard let m = s.digits(min: 2, max: 2) else { return false }
                minutes = m.value
            }
        case 3, 4:
            hours = first.value / 100
            minutes = first.value % 100
        default:
            return false
        }
        guard minutes < 60, hours < 24 else { return false }
        let offset = hours * 3600 + minutes * 60
        fields.offset = negative ? -offset : offset
        return true
    }
}
