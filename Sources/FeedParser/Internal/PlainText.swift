import Foundation

/// Turns what feeds put in titles and other text fields into plain text (DESIGN.md: "tags
/// stripped, entities decoded").
enum PlainText {
    /// Whitespace runs (including newlines and NBSP) collapsed to one space, trimmed; nil when empty.
    static func collapse(_ text: String) -> String? {
        if let ascii = collapseASCII(text) { return ascii.isEmpty ? nil : ascii }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(character)
            }
        }
        return out.isEmpty ? nil : out
    }

    /// `collapse` for ASCII text on bytes (ASCII white space is tab, LF, VT, FF, CR and space,
    /// and CR LF, one Character, collapses like CR and LF apart); nil for any other text.
    private static func collapseASCII(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = !out.isEmpty
                } else {
                    if pendingSpace { out.append(0x20) }
                    pendingSpace = false
                    out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `text` without leading and trailing white space (Unicode `White_Space`), without the
    /// UTF-16 round trip of Foundation's `trimmingCharacters` (feeds carry megabytes of HTML).
    static func trimmed(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return Substring(scalars[first...last])
    }

    /// Text that is known to be HTML (Atom `type="html"`, RSS `description`): tags dropped and
    /// entities decoded by libxml2's HTML parser, then whitespace collapsed.
    static func fromHTML(_ html: String) -> String? {
        guard html.contains("<") || html.contains("&") else { return collapse(html) }
        return collapse(LibXML2.htmlText(html))
    }

    /// An RSS title, which RSS 2.0 leaves undefined as text or HTML: treated as HTML only when it
    /// looks like markup (`<b>`, `</i>`) or carries an entity (`&amp;`, `&#8217;`, double-escaped
    /// text), so that "a < b" stays as written.
    static func fromAmbiguous(_ text: String) -> String? {
        if looksLikeMarkup(text) { return fromHTML(text) }
        return collapse(text)
    }

    private static func looksLikeMarkup(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "<" || scalar == "&" {
            guard index + 1 < scalars.count else { continue }
            let next = scalars[index + 1]
            if scalar == "<", next.properties.isAlphabetic || next == "/" || next == "!" { return true }
            if scalar == "&", next.properties.isAlphabetic || next == "#" {
                let rest = scalars[(index + 1)...].prefix(12)
                if rest.contains(";") { return true }
            }
        }
        return false
    }

    /// True for HTML escaped one time too many: no `<` at all, but an escaped tag such as `&lt;p`
    /// or `&lt;/`.
    static func isDoubleEscapedHTML(_ html: String) -> Bool {
        guard !html.utf8.contains(UInt8(ascii: "<")), let offset = html.utf8Offset(ofLiteral: "&lt;") else { return false }
        let after = html.utf8.index(html.utf8.startIndex, offsetBy: offset + 4)
        guard let next = html[after...].unicodeScalars.first else { return false }
        return next.properties.isAlphabetic || next == "/" || next == "!"
    }

    /// Text declared plain (Atom `type="text"`, JSON Feed `summary`) in which publishers still
    /// escaped entities (`&amp;nbsp;`, `&amp;amp;`): entities decoded when there is no markup.
    static func decodingEntities(_ text: String) -> String {
        let utf8 = text.utf8
        guard !utf8.contains(UInt8(ascii: "<")), utf8.contains(UInt8(ascii: "&")), looksLikeMarkup(text) else { return text }
        return LibXML2.htmlText(text)
    }

    /// HTML for a plain-text value: the text escaped (RFC 4287 §3.1.1.1 `type="text"`).
    static func escapedHTML(_ text: String) -> String {
        XML.Element.escape(text, quotes: false)
    }
}
