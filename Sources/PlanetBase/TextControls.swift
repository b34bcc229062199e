/// DEL (U+007F) and the C1 controls (U+0080–U+009F) in text people read: the one rule for them.
/// XML 1.0 §2.2 discourages them; no page, feed or name should show them.
///
/// The rule: DEL is removed; a C1 control is read as the windows-1252 character of the byte of
/// the same value (U+0092 is ’, U+0085 is …, U+0080 is €), and removed where windows-1252 has none
/// (0x81, 0x8D, 0x8F, 0x90, 0x9D). That is how HTML reads a numeric character reference to one
/// (`&#146;` is ’: HTML Living Standard §13.2.5.80, numeric character reference end state), and a
/// raw C1 code point in a feed is the same windows-1252 byte decoded as ISO-8859-1 on its way to
/// UTF-8, JSON or a reference: after decoding, the two cannot be told apart, so U+0085 (NEL in
/// ISO 6429) is the ellipsis it almost always was, not a line break.
///
/// Where it applies: every plain-text field as it enters the model (FeedParser's `PlainText`:
/// titles, names, categories, subtitles), feeds.txt display names and plain-text settings
/// (PlanetSubscriptions), and every markup escaper (`MarkupEscaping`: the sanitizer's HTML,
/// Mustache's `{{name}}` in pages and feeds, OPML), so text cached before the rule is clean on
/// the page too. The forbidden characters are `XMLCharacters`' rule.
package enum TextControls {
    /// The characters of windows-1252 bytes 0x80–0x9F (WHATWG Encoding Standard, index
    /// windows-1252): € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ. The five bytes it leaves
    /// undefined map to the C1 control of the same value.
    package static let windows1252High: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178
    ]

    /// True for DEL and the C1 controls, U+007F–U+009F.
    @inline(__always)
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x7F...0x9F).contains(scalar.value)
    }

    /// What a DEL or C1 control becomes: its windows-1252 character, nil when it is removed (DEL
    /// and the five undefined C1 code points) or when `scalar` is no such control.
    package static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard (0x80...0x9F).contains(scalar.value) else { return nil }
        let mapped = UInt32(windows1252High[Int(scalar.value - 0x80)])
        return mapped == scalar.value ? nil : Unicode.Scalar(mapped)
    }

    /// `replacement(for:)` of U+0080…U+009F as strings, by `value - 0x80`; "" for removed.
    package static let c1Replacements: [String] = (UInt32(0x80)...0x9F).map { value in
        replacement(for: Unicode.Scalar(value)!).map { String(Character($0)) } ?? ""
    }

    /// True for the bidirectional embedding, override and isolate controls, U+202A–U+202E and
    /// U+2066–U+2069 (Unicode UAX #9 §2): in a plain-text field they reorder what follows
    /// ("Evil \u{202E}gpj.exe" shows as "Evil exe.jpg"), and such a field cannot close what it
    /// opened. Plain-text fields drop them (`cleaned`, FeedParser's `PlainText`); the page isolates
    /// its fields with markup instead where direction matters (`dir`, `lang`).
    @inline(__always)
    package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// `text` with the rule applied, and without bidi controls (`isBidiControl`); the same string
    /// (no copy) when it has no such control.
    package static func cleaned(_ text: String) -> String {
        // DEL is 0x7F, every C1 control is 0xC2 0x80…0x9F and every bidi control 0xE2 0x80/0x81 … in UTF-8.
        guard text.utf8.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }),
            text.unicodeScalars.contains(where: { isControl($0) || isBidiControl($0) })
        else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isBidiControl(scalar) {
            if isControl(scalar) {
                if let character = replacement(for: scalar) { scalars.append(character) }
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// `cleaned` of the text, nil for nil.
    package static func cleaned(_ text: String?) -> String? {
        text.map { cleaned($0) }
    }
}
