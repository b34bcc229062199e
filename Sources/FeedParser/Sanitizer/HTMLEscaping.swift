/// Escaping for the HTML the sanitizer writes. Besides the markup characters it removes the code
/// points that XML 1.0 §2.2 forbids or discourages (C0 controls other than tab, newline and
/// carriage return, DEL, C1 controls, U+FFFE, U+FFFF), so that the output stays well-formed
/// when a feed writer escapes it into XML.
enum HTMLEscaping {
    /// Appends `text` as element content: `&`, `<`, `>` escaped.
    static func appendText(_ text: String, to output: inout String) {
        append(text, to: &output, quotes: false)
    }

    /// Appends `value` as a double-quoted attribute value's content: `&`, `<`, `>`, `"` escaped.
    static func appendAttribute(_ value: String, to output: inout String) {
        append(value, to: &output, quotes: true)
    }

    private static func append(_ text: String, to output: inout String, quotes: Bool) {
        // Most text needs nothing: copy it whole when no scalar needs care.
        if !text.utf8.contains(where: { needsCare($0, quotes: quotes) }) {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where quotes: output += "&quot;"
            case _ where isForbidden(scalar): continue
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    /// A UTF-8 byte that may start something to escape or remove (non-ASCII bytes are checked
    /// per scalar: C1 controls and U+FFFE/U+FFFF are multi-byte).
    private static func needsCare(_ byte: UInt8, quotes: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return true
        case UInt8(ascii: "\""): return quotes
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"): return false
        case 0..<0x20, 0x7F: return true
        case 0xC2, 0xEF: return true  // lead bytes of U+0080…U+00BF and U+F000…U+FFFF
        default: return false
        }
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0..<0x20, 0x7F...0x9F, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}
