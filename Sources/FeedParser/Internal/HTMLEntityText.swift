import Glibc
import PlanetBase

/// The text of HTML that holds no markup at all, only characters and well-formed references
/// (`&lt;p&gt;Caf&#233; &amp; more&lt;/p&gt;`): its references decoded, without running libxml2's
/// HTML parser over it (which reads such text one character at a time and looks every named
/// reference up in a linear table: 160 instructions a byte on the double-escaped posts of a Hexo
/// feed).
///
/// It gives exactly what `LibXML2.htmlText` gives for the same input, and refuses (nil) whatever
/// libxml2 2.9 would read in any other way than "copy the characters, replace each reference":
/// a `<`; a control character other than tab and line feed (libxml2 drops the ones XML forbids;
/// a carriage return is left to it too); U+FFFE and U+FFFF; and every `&` that does not start
/// `&name;` with a name from libxml2's HTML 4 entity table (HTML 4.01 §24), `&#digits;` or
/// `&#xhex;` for a character XML 1.0 allows (§2.2) other than a carriage return (libxml2 keeps
/// a bare `&`, reads a reference without `;`, and drops a forbidden one, each in its own way).
/// `HTMLEntityTextTests` compares the two on generated and corpus text.
enum HTMLEntityText {
    /// The decoded text, or nil when `html` needs libxml2's HTML parser (see the type).
    static func decoded(_ html: String) -> String? {
        var html = html
        return html.withUTF8 { bytes -> String? in
            guard let base = bytes.baseAddress else { return "" }
            let count = bytes.count
            // libxml2 caps a text node at 10,000,000 bytes without XML_PARSE_HUGE; stay far below.
            guard count < 4_000_000, memchr(base, Int32(UInt8(ascii: "<")), count) == nil else { return nil }
            // Written in place: a reference is never shorter than its character's UTF-8 (`&lt;` is
            // 4 bytes for 1; the shortest, `&#9;` or `&mu;`, gives 1 or 2; `&#x10000;` gives 4).
            var refused = false
            let text = String(unsafeUninitializedCapacity: count) { out -> Int in
                guard let target = out.baseAddress, let written = decode(base, count, into: target) else {
                    refused = out.baseAddress != nil
                    return 0
                }
                return written
            }
            return refused ? nil : text
        }
    }

    /// Copies the `count` bytes at `base` to `target` with each reference replaced by its
    /// character's UTF-8; the bytes written, or nil when a byte or reference is refused (see the type).
    private static func decode(_ base: UnsafePointer<UInt8>, _ count: Int, into target: UnsafeMutablePointer<UInt8>)
        -> Int?
    {
        var written = 0
        var runStart = 0
        var index = 0
        func copyRun(to end: Int) {
            (target + written).update(from: base + runStart, count: end - runStart)
            written += end - runStart
        }
        while true {
            // Plain runs: no '&', no control byte, no 0xEF (the lead byte of U+FFFE, U+FFFF).
            index = WordScan.firstSpecial(
                base, from: index, count: count,
                mayHold: { word in
                    WordScan.has(word, UInt8(ascii: "&")) | WordScan.hasBelow(word, 0x20) | WordScan.has(word, 0xEF)
                        != 0
                }, isSpecial: { byte in byte == UInt8(ascii: "&") || byte < 0x20 || byte == 0xEF })
            guard index < count else { break }
            let byte = base[index]
            if byte == UInt8(ascii: "&") {
                copyRun(to: index)
                guard let (scalar, length) = reference(base, count, at: index) else { return nil }
                if scalar.isASCII {
                    target[written] = UInt8(scalar.value)
                    written += 1
                } else {
                    UTF8.encode(scalar) {
                        target[written] = $0
                        written += 1
                    }
                }
                index += length
                runStart = index
                continue
            }
            let isForbiddenControl = byte < 0x20 && byte != 0x09 && byte != 0x0A
            let isNonCharacter = byte == 0xEF && index + 2 < count && base[index + 1] == 0xBF && base[index + 2] >= 0xBE
            if isForbiddenControl || isNonCharacter { return nil }
            index += 1
        }
        copyRun(to: count)
        return written
    }

    /// The character of the reference at `start` (an `&`) and its length in bytes, `;` included;
    /// nil for anything but the well-formed references the type describes.
    private static func reference(_ base: UnsafePointer<UInt8>, _ count: Int, at start: Int) -> (Unicode.Scalar, Int)? {
        // The references of double-escaped markup first: `&lt;`, `&gt;` (one load each).
        if start + 4 <= count {
            switch UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self).littleEndian {
            case 0x3B74_6C26: return ("<", 4)  // "&lt;"
            case 0x3B74_6726: return (">", 4)  // "&gt;"
            default: break
            }
        }
        var index = start + 1
        guard index < count else { return nil }
        if base[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < count && (base[index] | 0x20) == UInt8(ascii: "x")
            if hex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < count, index - digitsStart < 8, let digit = digitValue(base[index], hex: hex) {
                value = value * (hex ? 16 : 10) + digit
                index += 1
            }
            guard index > digitsStart, index < count, base[index] == UInt8(ascii: ";"), isAllowed(value),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return (scalar, index + 1 - start)
        }
        let nameStart = index
        while index < count, index - nameStart < 10, isLetterOrDigit(base[index], first: index == nameStart) {
            index += 1
        }
        guard index > nameStart, index < count, base[index] == UInt8(ascii: ";") else { return nil }
        let name = UnsafeBufferPointer(start: base + nameStart, count: index - nameStart)
        guard let scalar = common(name) ?? LibXML2.htmlEntity(named: String(decoding: name, as: UTF8.self)) else {
            return nil
        }
        return (scalar, index + 1 - start)
    }

    /// The references that fill double-escaped HTML, without a String and libxml2's linear table
    /// search each (`HTMLEntityTextTests` checks them against that table).
    static func common(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard name.count <= 4 else { return nil }
        var key: UInt32 = 0
        for byte in name { key = key << 8 | UInt32(byte) }
        switch key {
        case 0x6C74: return "<"  // lt
        case 0x6774: return ">"  // gt
        case 0x61_6D70: return "&"  // amp
        case 0x7175_6F74: return "\""  // quot
        case 0x6E62_7370: return "\u{A0}"  // nbsp
        default: return nil
        }
    }

    /// A character reference libxml2's HTML parser turns into its character: one that XML 1.0
    /// allows (§2.2), carriage return aside.
    private static func isAllowed(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// An ASCII letter, or after the first byte also a digit (the names of the HTML 4 table).
    private static func isLetterOrDigit(_ byte: UInt8, first: Bool) -> Bool {
        let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        return letter || (!first && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
    }
}
