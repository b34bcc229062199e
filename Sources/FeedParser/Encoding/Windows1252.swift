import Foundation
import PlanetBase

/// windows-1252 as the WHATWG Encoding Standard defines it (the encoding browsers use for
/// "iso-8859-1", "latin1" and "us-ascii" labels): bytes 0x80-0x9F are the typographic
/// characters (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ); the five holes map to
/// the C1 controls of the same value; everything else is its Latin-1 code point.
enum Windows1252 {
    /// The characters of bytes 0x80–0x9F (`TextControls`, which reads C1 controls the same way).
    private static let high = TextControls.windows1252High

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
