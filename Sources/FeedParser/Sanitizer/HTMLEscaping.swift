/// Escaping for the HTML the sanitizer writes, on UTF-8 bytes. Besides the markup characters it
/// removes the code points that XML 1.0 §2.2 forbids or discourages (C0 controls other than tab,
/// newline and carriage return, DEL, U+FFFE, U+FFFF), so that the output stays well-formed when a
/// feed writer escapes it into XML. C1 controls become the windows-1252 character of their byte
/// (`Windows1252.characterForC1`: `&#146;` is ’ in HTML), or go when that byte has none.
enum HTMLEscaping {
    /// Appends `text` as element content: `&`, `<`, `>` escaped.
    static func appendText(_ text: String, to output: inout [UInt8]) {
        append(text, to: &output, quotes: false)
    }

    /// Appends UTF-8 `bytes` from libxml2 as element content, like `appendText` on
    /// `String(decoding: bytes, as: UTF8.self)`: invalid UTF-8 (a character reference to a
    /// surrogate, say) becomes U+FFFD exactly as that String would have it.
    static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        if UTF8Check(bytes).isValid {
            append(bytes, to: &output, quotes: false)
        } else {
            appendText(String(decoding: bytes, as: UTF8.self), to: &output)
        }
    }

    /// Appends `value` as a double-quoted attribute value's content: `&`, `<`, `>`, `"` escaped.
    static func appendAttribute(_ value: String, to output: inout [UInt8]) {
        append(value, to: &output, quotes: true)
    }

    private static func append(_ text: String, to output: inout [UInt8], quotes: Bool) {
        var text = text
        text.withUTF8 { append($0, to: &output, quotes: quotes) }
    }

    /// Appends UTF-8 `bytes` escaped as element content, or with `quotes` as a double-quoted
    /// attribute value's content.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], quotes: Bool) {
        guard let base = bytes.baseAddress else { return }
        var index = 0
        var runStart = 0
        while index < bytes.count {
            // Skip to the next byte the switch below may act on (eight at a time where none can).
            index = WordScan.firstSpecial(base, from: index, count: bytes.count, mayHold: { word in
                WordScan.has(word, UInt8(ascii: "&")) | WordScan.has(word, UInt8(ascii: "<")) | WordScan.has(word, UInt8(ascii: ">"))
                    | (quotes ? WordScan.has(word, UInt8(ascii: "\"")) : 0) | WordScan.hasBelow(word, 0x20)
                    | WordScan.has(word, 0x7F) | WordScan.has(word, 0xC2) | WordScan.has(word, 0xEF) != 0
            }, isSpecial: { byte in
                switch byte {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0..<0x20, 0x7F, 0xC2, 0xEF: return true
                case UInt8(ascii: "\""): return quotes
                default: return false
                }
            })
            guard index < bytes.count else { break }
            let byte = bytes[index]
            let replacement: String?
            let width: Int
            switch byte {
            case UInt8(ascii: "&"): (replacement, width) = ("&amp;", 1)
            case UInt8(ascii: "<"): (replacement, width) = ("&lt;", 1)
            case UInt8(ascii: ">"): (replacement, width) = ("&gt;", 1)
            case UInt8(ascii: "\"") where quotes: (replacement, width) = ("&quot;", 1)
            case 0x09, 0x0A, 0x0D: (replacement, width) = (nil, 0)
            case 0..<0x20, 0x7F: (replacement, width) = ("", 1)
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                // U+0080…U+009F: windows-1252's character for the byte, as HTML reads `&#146;`
                let character = Windows1252.characterForC1(UInt32(bytes[index + 1]))
                (replacement, width) = (character.map { String(Character($0)) } ?? "", 2)
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                (replacement, width) = ("", 3)  // U+FFFE, U+FFFF
            default: (replacement, width) = (nil, 0)
            }
            guard let replacement else {
                index += 1
                continue
            }
            output.append(contentsOf: bytes[runStart..<index])
            output.append(contentsOf: replacement.utf8)
            index += width
            runStart = index
        }
        output.append(contentsOf: bytes[runStart..<bytes.count])
    }

    /// True for the code points the escaper removes.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0..<0x20, 0x7F...0x9F, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}
