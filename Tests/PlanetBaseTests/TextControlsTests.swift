import PlanetBase
import Testing

/// The one rule for DEL and the C1 controls in text people read.
@Suite("TextControls")
struct TextControlsTests {
    @Test("DEL and the five undefined C1 go; every other C1 is its windows-1252 character")
    func rule() {
        #expect(TextControls.replacement(for: "\u{7F}") == nil)
        for value: UInt32 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            #expect(TextControls.replacement(for: Unicode.Scalar(value)!) == nil, "\(value)")
        }
        #expect(TextControls.replacement(for: "\u{85}") == "…")
        #expect(TextControls.replacement(for: "\u{92}") == "’")
        #expect(TextControls.replacement(for: "\u{9F}") == "Ÿ")
        let mapped = (UInt32(0x80)...0x9F).filter { TextControls.replacement(for: Unicode.Scalar($0)!) != nil }
        #expect(mapped.count == 27)
        #expect(TextControls.c1Replacements.count == 32)
        #expect(TextControls.c1Replacements[0x85 - 0x80] == "…")
        #expect(TextControls.c1Replacements[0x81 - 0x80] == "")
    }

    @Test("cleaned applies the rule and leaves every other character")
    func cleaned() {
        #expect(TextControls.cleaned("Planet\u{7F} Über\u{85} Don\u{92}t\u{81}!") == "Planet Über… Don’t!")
        for text in ["", "plain", "\u{A0}Â©À", "日本 😀", "tab\tnew\nline", "\u{A0}\u{C0}\u{FF}"] {
            #expect(TextControls.cleaned(text) == text, "\(text.debugDescription)")
        }
        #expect(TextControls.cleaned(nil as String?) == nil)
    }

    @Test("isControl is exactly U+007F…U+009F")
    func isControl() {
        #expect(!TextControls.isControl("\u{7E}"))
        #expect(TextControls.isControl("\u{7F}"))
        #expect(TextControls.isControl("\u{9F}"))
        #expect(!TextControls.isControl("\u{A0}"))
    }
}
