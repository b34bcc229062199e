/// The characters XML 1.0 forbids (§2.2 Characters: `Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] |
/// [#xE000-#xFFFD] | [#x10000-#x10FFFF]`): the one rule for them. The parser removes them from
/// every string that enters the model (FeedParser's `Feed.scrubbed`), and every markup escaper
/// (`MarkupEscaping`) removes them from what it writes.
///
/// A JSON Feed may carry any of them (`"\u0001"`, `"\ufffe"`), and one such title made the
/// planet's rss.xml, atom.xml and opml.xml ill-formed for every reader, and put NUL and C0
/// controls into index.html. Surrogates cannot occur in a Swift string, so what is left to remove
/// is the C0 controls but tab, line feed and carriage return, and U+FFFE and U+FFFF.
package enum XMLCharacters {
    /// True when `scalar` may appear in an XML 1.0 document.
    package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value == 0x09 || value == 0x0A || value == 0x0D }
        return value != 0xFFFE && value != 0xFFFF
    }

    /// The length in bytes of the forbidden character that starts at `index` of the UTF-8
    /// `bytes`: 1 for a C0 control but tab, LF and CR; 3 for U+FFFE and U+FFFF (`EF BF BE`,
    /// `EF BF BF`); 0 when the character there is allowed. `isAllowed` on bytes, so that escapers
    /// and `scrubbed` need not decode scalars.
    @inline(__always)
    package static func forbiddenLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x20 { return byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0 : 1 }
        if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { return 3 }
        return 0
    }

    /// `text` without the characters XML 1.0 forbids; the same string (no copy) when it has none.
    package static func scrubbed(_ text: String) -> String {
        var text = text
        let clean = text.withUTF8 { bytes -> Bool in
            // This runs over every string of every feed: eight bytes at a time where none is
            // below 0x20 or 0xEF (`WordScan`).
            guard let base = bytes.baseAddress else { return true }
            var index = 0
            while true {
                index = WordScan.firstSpecial(
                    base, from: index, count: bytes.count,
                    mayHold: { word in
                        WordScan.hasBelow(word, 0x20) | WordScan.has(word, 0xEF) != 0
                    }, isSpecial: { byte in byte < 0x20 || byte == 0xEF })
                guard index < bytes.count else { return true }
                if forbiddenLength(in: bytes, at: index) > 0 { return false }
                index += 1
            }
        }
        if clean { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where isAllowed(scalar) { scalars.append(scalar) }
        return String(scalars)
    }

    /// `scrubbed` of the text, nil for nil.
    package static func scrubbed(_ text: String?) -> String? {
        text.map { scrubbed($0) }
    }
}
