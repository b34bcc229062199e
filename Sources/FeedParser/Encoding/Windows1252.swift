import Foundation

/// windows-1252 as the WHATWG Encoding Standard defines it (the encoding browsers use for
/// "iso-8859-1", "latin1" and "us-ascii" labels): bytes 0x80-0x9F are the typographic
/// characters (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ); the five holes map to
/// the C1 controls of the same value; everything else is its Latin-1 code point.
enum Windows1252 {
    private static let high: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178
    ]

    /// Appends the UTF-8 form of one windows-1252 byte.
    @inline(__always)
    static func append(_ byte: UInt8, to out: inout [UInt8]) {
        if byte < 0x80 {
            out.append(byte)
            return
        }
        let scalar = byte < 0xA0 ? high[Int(byte - 0x80)] : UInt16(byte)
        if scalar < 0x800 {
            out.append(0xC0 | UInt8(scalar >> 6))
            out.append(0x80 | UInt8(scalar & 0x3F))
        } else {
            out.append(0xE0 | UInt8(scalar >> 12))
            out.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            out.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// Decodes a whole buffer (never fails: every byte has a meaning).
    static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count + input.count / 8 + 16)
        for byte in input { append(byte, to: &out) }
        return out
    }
}

extension Windows1252 {
    /// What a C1 code point (U+0080–U+009F) in text means: HTML reads a numeric character
    /// reference to one (`&#146;`) as the windows-1252 character of that byte (HTML Living
    /// Standard §13.2.5.80, numeric character reference end state, its replacement table), and
    /// raw C1 code points in UTF-8 feeds are the same bytes mislabelled. Returns the character
    /// (0x92 → U+2019 ’, 0x93/0x94 → U+201C/U+201D, 0x96 → U+2013), nil for the five code points
    /// the table leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D: dropped, as controls are) and
    /// for any scalar outside U+0080–U+009F.
    static func characterForC1(_ value: UInt32) -> Unicode.Scalar? {
        guard (0x80...0x9F).contains(value) else { return nil }
        let mapped = UInt32(high[Int(value - 0x80)])
        return mapped == value ? nil : Unicode.Scalar(mapped)
    }
}
