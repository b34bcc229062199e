import PlanetBase
import Testing

/// The one escaper: what each preset escapes, and the one rule for the characters XML 1.0 forbids.
@Suite("MarkupEscaping")
struct MarkupEscapingTests {
    struct Preset: CustomTestStringConvertible, Sendable {
        var name: String
        var escaping: MarkupEscaping
        /// `"&<>\"'\t\n\r"` escaped.
        var markup: String
        var testDescription: String { name }
    }

    static let presets: [Preset] = [
        Preset(name: "text", escaping: .text, markup: "&amp;&lt;&gt;\"'\t\n\r"),
        Preset(name: "attribute", escaping: .attribute, markup: "&amp;&lt;&gt;&quot;'\t\n\r"),
        Preset(name: "html", escaping: .html, markup: "&amp;&lt;&gt;&quot;&#39;\t\n\r"),
        Preset(name: "xml", escaping: .xml, markup: "&amp;&lt;&gt;&quot;&apos;\t\n\r"),
        Preset(name: "opml", escaping: .opml, markup: "&amp;&lt;&gt;&quot;'&#9;&#10;&#13;")
    ]

    @Test("each preset escapes its markup characters", arguments: presets)
    func markupCharacters(_ preset: Preset) {
        #expect(preset.escaping.escaped("&<>\"'\t\n\r") == preset.markup)
        #expect(preset.escaping.escaped("a < b") == "a &lt; b")
    }

    @Test(
        "every preset removes exactly what XML 1.0 forbids: C0 but tab, LF, CR; U+FFFE; U+FFFF",
        arguments: presets)
    func forbiddenCharactersAreRemoved(_ preset: Preset) {
        var all = ""
        for value in UInt32(0)..<0x20 where ![0x09, 0x0A, 0x0D].contains(value) {
            all.unicodeScalars.append(Unicode.Scalar(value)!)
        }
        #expect(preset.escaping.escaped("a" + all + "\u{FFFE}b\u{FFFF}c") == "abc")
        for kept in ["\u{FFFD}", "\u{FFFC}", "\u{EFBF}", "\u{10FFFF}", "é", "😀", "\u{2028}", "\u{A0}"] {
            #expect(preset.escaping.escaped("x" + kept) == "x" + kept, "\(kept.unicodeScalars.first!.value)")
        }
        var bytes: [UInt8] = []
        preset.escaping.append("\u{0}x\u{FFFF}", to: &bytes)
        #expect(bytes == Array("x".utf8))
    }

    @Test("every preset removes DEL and writes C1 controls as TextControls says", arguments: presets)
    func discouragedCharacters(_ preset: Preset) {
        #expect(preset.escaping.escaped("a\u{7F}b\u{92}c\u{85}d\u{81}e\u{80}") == "ab’c…de€")
        var bytes: [UInt8] = []
        preset.escaping.append("T\u{7F}\u{9D}x\u{9F}", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "TxŸ")
        #expect(preset.escaping.escaped("\u{C2} \u{A0}\u{C0}") == "\u{C2} \u{A0}\u{C0}", "Â, NBSP, À are no controls")
    }

    @Test func aStringWithNothingToEscapeIsReturnedAsItIs() {
        for text in ["", "plain", "ünï © 😀", String(repeating: "long text ", count: 50)] {
            #expect(MarkupEscaping.html.escaped(text) == text)
        }
        var out = "before "
        MarkupEscaping.xml.append("it's", to: &out)
        #expect(out == "before it&apos;s")
    }
}
