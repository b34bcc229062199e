extension String {
    /// Appends `text` escaped for `escaping`, scanning UTF-8 bytes and copying unescaped runs whole.
    mutating func append(_ text: String, escaping: Escaping) {
        if escaping == .none {
            append(text)
            return
        }
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte < 0x40, let replacement = Self.replacement(for: byte, escaping: escaping) {
                append(contentsOf: text[runStart..<index])
                append(replacement)
                utf8.formIndex(after: &index)
                runStart = index
            } else {
                utf8.formIndex(after: &index)
            }
        }
        if runStart == utf8.startIndex {
            append(text)
        } else {
            append(contentsOf: text[runStart..<utf8.endIndex])
        }
    }

    private static func replacement(for byte: UInt8, escaping: Escaping) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): escaping == .xml ? "&apos;" : "&#39;"
        case 0x09, 0x0A, 0x0D: nil
        case 0x00..<0x20 where escaping == .xml: ""  // XML 1.0 §2.2: not a Char
        default: nil
        }
    }
}
