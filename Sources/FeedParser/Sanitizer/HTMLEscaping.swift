import PlanetBase

/// Escaping for the HTML the sanitizer writes, on UTF-8 bytes: `MarkupEscaping.text` and
/// `.attribute`, which remove what XML 1.0 §2.2 forbids (`XMLCharacters`), plus what it
/// discourages, so that the output stays well-formed and clean when a feed writer escapes it into
/// XML: DEL goes, and C1 controls become the windows-1252 character of their byte
/// (`Windows1252.characterForC1`: `&#146;` is ’ in HTML), or go when that byte has none.
enum HTMLEscaping {
    /// What each C1 control U+0080…U+009F becomes: its windows-1252 character, else "".
    private static let c1Replacements: [String] = (0x80...0x9F).map { value in
        Windows1252.characterForC1(UInt32(value)).map { String(Character($0)) } ?? ""
    }
    /// Element content: `&`, `<`, `>` escaped.
    static let text = MarkupEscaping(c1Replacements: c1Replacements)
    /// A double-quoted attribute value's content: `&`, `<`, `>`, `"` escaped.
    static let attribute = MarkupEscaping(escapesQuote: true, c1Replacements: c1Replacements)

    /// Appends `text` as element content: `&`, `<`, `>` escaped.
    static func appendText(_ text: String, to output: inout [UInt8]) {
        Self.text.append(text, to: &output)
    }

    /// Appends UTF-8 `bytes` from libxml2 as element content, like `appendText` on
    /// `String(decoding: bytes, as: UTF8.self)`: invalid UTF-8 (a character reference to a
    /// surrogate, say) becomes U+FFFD exactly as that String would have it.
    static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        if UTF8Check(bytes).isValid {
            Self.text.append(bytes, to: &output)
        } else {
            appendText(String(decoding: bytes, as: UTF8.self), to: &output)
        }
    }

    /// Appends `value` as a double-quoted attribute value's content: `&`, `<`, `>`, `"` escaped.
    static func appendAttribute(_ value: String, to output: inout [UInt8]) {
        attribute.append(value, to: &output)
    }

    /// True for the code points the escaper removes or replaces: those XML 1.0 forbids
    /// (`XMLCharacters`), DEL and the C1 controls.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        !XMLCharacters.isAllowed(scalar) || (0x7F...0x9F).contains(scalar.value)
    }
}
