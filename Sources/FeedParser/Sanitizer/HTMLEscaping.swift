import PlanetBase

/// Escaping for the HTML the sanitizer writes, on UTF-8 bytes: `MarkupEscaping.text` and
/// `.attribute`, which remove what XML 1.0 §2.2 forbids (`XMLCharacters`) and apply the rule for
/// what it discourages (`TextControls`: DEL goes, a C1 control becomes the windows-1252 character
/// of its byte, `&#146;` is ’ as in HTML, or goes when that byte has none), so that the output
/// stays well-formed and clean when a feed writer escapes it into XML.
enum HTMLEscaping {
    /// Element content: `&`, `<`, `>` escaped.
    static let text = MarkupEscaping.text
    /// A double-quoted attribute value's content: `&`, `<`, `>`, `"` escaped.
    static let attribute = MarkupEscaping.attribute

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
    /// (`XMLCharacters`), DEL and the C1 controls (`TextControls`).
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        !XMLCharacters.isAllowed(scalar) || TextControls.isControl(scalar)
    }
}
