import Foundation
import PlanetBase

#if canImport(Glibc)
    import Glibc
#endif

/// Turns what feeds put in titles and other text fields into plain text (docs/ARCHITECTURE.md, rule 12: "tags
/// stripped, entities decoded").
enum PlainText {
    /// Whitespace runs (Unicode `White_Space` scalars: newlines, em space, ideographic space…)
    /// collapsed to one space, trimmed; nil when empty. A no-break space (U+00A0, U+202F, U+2007:
    /// `&nbsp;`) is kept as it is: it says "do not break or collapse here" ("10\u{A0}km", French
    /// "à\u{202F}!"), as HTML keeps it; at the ends of the text it is trimmed like other white
    /// space. Works on Unicode scalars, not grapheme clusters: a zero-width non-joiner or a
    /// combining mark after a space (Persian "می \u{200C}خواهم") is not white space and is kept.
    /// DEL and the C1 controls follow `TextControls`: DEL is dropped, a C1 control becomes its
    /// windows-1252 character ("Don\u{92}t" is "Don’t", U+0085 is "…") or is dropped; bidi
    /// controls (`TextControls.isBidiControl`) are dropped. UTF-8 read as windows-1252 ("Â " for a
    /// no-break space) is read again as UTF-8 when the whole text allows it (`Mojibake`).
    static func collapse(_ text: String) -> String? {
        if let ascii = collapseASCII(text) { return ascii.isEmpty ? nil : ascii }
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for var scalar in Mojibake.repaired(text).unicodeScalars {
            if scalar.isNoBreakSpace {
                if out.isEmpty { continue }
            } else if scalar.properties.isWhitespace, scalar.value != 0x85 {
                pendingSpace = !out.isEmpty
                continue
            }
            if TextControls.isControl(scalar) {
                guard let character = TextControls.replacement(for: scalar) else { continue }
                scalar = character
            }
            if TextControls.isBidiControl(scalar) { continue }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        while let last = out.last, last.isNoBreakSpace || last == " " { out.removeLast() }
        return out.isEmpty ? nil : String(out)
    }

    /// `collapse` for ASCII text on bytes (ASCII white space is tab, LF, VT, FF, CR and space,
    /// and CR LF, one Character, collapses like CR and LF apart; DEL is dropped); nil for any
    /// other text.
    private static func collapseASCII(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == 0x7F { continue }
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
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
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

    /// True for HTML escaped one time too many: no `<` at all, but escaped tags that unescape to
    /// real HTML elements: a start and an end tag of one element the sanitizer keeps
    /// (`&lt;p&gt;…&lt;/p&gt;`), or a void one (`&lt;br&gt;`, `&lt;img …&gt;`). An escaped
    /// `&lt;nick&gt;` (an IRC log) or a lone `&lt;details&gt;` (an article about HTML) is text.
    static func isDoubleEscapedHTML(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { utf8 -> Bool in
            guard let base = utf8.baseAddress, memchr(base, Int32(UInt8(ascii: "<")), utf8.count) == nil else {
                return false
            }
            let count = utf8.count
            // The answer is known as soon as a start tag meets its end tag or is void.
            var starts = Set<String>()
            var ends = Set<String>()
            var name: [UInt8] = []
            name.reserveCapacity(16)
            var index = 0
            // Each "&lt;" with at least one byte after it (memchr to the next '&').
            while index < count, let found = memchr(base + index, Int32(UInt8(ascii: "&")), count - index) {
                let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                guard at + 4 < count, base[at + 1] == UInt8(ascii: "l"), base[at + 2] == UInt8(ascii: "t"),
                    base[at + 3] == UInt8(ascii: ";")
                else {
                    index = at + 1
                    continue
                }
                index = at + 4
                let isEnd = base[index] == UInt8(ascii: "/")
                if isEnd { index += 1 }
                name.removeAll(keepingCapacity: true)
                while index < count, name.count < 16, isTagNameByte(base[index], first: name.isEmpty) {
                    name.append(base[index] | 0x20)
                    index += 1
                }
                // A tag name ends at white space, `/` or the escaped `>`.
                guard !name.isEmpty, index < count else { continue }
                switch base[index] {
                case UInt8(ascii: " "), 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: "&"): break
                default: continue
                }
                let tag = String(decoding: name, as: UTF8.self)
                guard SanitizerPolicy.elements[tag] != nil else { continue }
                if isEnd {
                    if starts.contains(tag) { return true }
                    ends.insert(tag)
                } else {
                    if ends.contains(tag) || SanitizerPolicy.void.contains(tag) { return true }
                    starts.insert(tag)
                }
            }
            return false
        }
    }

    private static func isTagNameByte(_ byte: UInt8, first: Bool) -> Bool {
        let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        return first ? letter : letter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Text declared plain (Atom `type="text"`, JSON Feed `summary`) in which publishers still
    /// escaped entities (`&amp;nbsp;`, `&amp;amp;`): entities decoded when there is no markup.
    static func decodingEntities(_ text: String) -> String {
        let utf8 = text.utf8
        guard !utf8.contains(UInt8(ascii: "<")), utf8.contains(UInt8(ascii: "&")), looksLikeMarkup(text) else {
            return text
        }
        return LibXML2.htmlText(text)
    }

    /// Text declared plain that publishers filled with escaped HTML's references (JSON Feed
    /// titles: `AT&amp;T`, `Don&#8217;t`): character references decoded, markup never read, so
    /// "Die Rückkehr von <i>" keeps its "<i>". Each run between two `<` is decoded on its own
    /// (`HTMLEntityText`); a run it cannot read as references only is kept as written.
    static func decodingReferences(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        return text.split(separator: "<", omittingEmptySubsequences: false)
            .map { run in run.contains("&") ? HTMLEntityText.decoded(String(run)) ?? String(run) : String(run) }
            .joined(separator: "<")
    }

    /// HTML for a plain-text value: the text escaped (RFC 4287 §3.1.1.1 `type="text"`).
    static func escapedHTML(_ text: String) -> String {
        XML.Element.escape(text, quotes: false)
    }
}
