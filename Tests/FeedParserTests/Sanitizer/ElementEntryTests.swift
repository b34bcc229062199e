import Foundation
import Testing

@testable import FeedParser

/// The sanitizer finds an element's rule by a key made from libxml2's C string (`HTMLNameKey`,
/// `ElementEntry`): the same rule the name's String found before, for every name the tables hold,
/// and none for any other name.
@Suite("Element entries by name key")
struct ElementEntryTests {
    static let names: [String] =
        Array(ElementRule.table.keys)
        + ["strike", "tt", "big", "font", "center", "iframe", "object", "html", "body", "head"]

    static func entry(_ name: String) -> ElementEntry? {
        name.withCString { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: name.utf8.count + 1) { ElementEntry.of($0) }
        }
    }

    @Test func everyTableNameFindsItsRule() throws {
        for name in Self.names {
            let entry = try #require(Self.entry(name), "\(name)")
            #expect(entry.source == name)
            #expect(entry.written == PresentationalHTML.elementName(for: name))
            let rule = ElementRule.table[entry.written]
            #expect((entry.rule == nil) == (rule == nil), "\(name)")
            #expect(entry.rule?.action == rule?.action)
            #expect(entry.rule?.isVoid == rule?.isVoid)
            #expect(entry.rule?.required == rule?.required)
        }
    }

    @Test func otherNamesFindNothing() {
        for name in [
            "", "custom-element", "blockquotes", "blockquote2", "P", "é", "abcdefghijklmnopq", "figcaptionfigcap"
        ] {
            #expect(Self.entry(name) == nil, "\(name)")
        }
    }

    @Test func keysAreDistinctAndLongNamesHaveNone() {
        let keys = Set(Self.names.map(HTMLNameKey.init))
        #expect(keys.count == Set(Self.names).count)
        let long = Array("abcdefghijklmnopq".utf8) + [0]
        #expect(long.withUnsafeBufferPointer { HTMLNameKey($0.baseAddress!) } == nil)
        let sixteen = Array("abcdefghijklmnop".utf8) + [0]
        #expect(sixteen.withUnsafeBufferPointer { HTMLNameKey($0.baseAddress!) } == HTMLNameKey("abcdefghijklmnop"))
    }

    /// Attribute rules by key are the policy's rules by name (global ones included).
    @Test func attributeRulesByKey() throws {
        let link = try #require(ElementRule.table["a"])
        #expect(link.attributes[HTMLNameKey("href")]?.name == "href")
        #expect(link.attributes[HTMLNameKey("title")]?.name == "title")
        #expect(link.attributes[HTMLNameKey("onclick")] == nil)
        for (name, own) in SanitizerPolicy.elements {
            guard let rule = ElementRule.table[name], rule.action == .keep else { continue }
            #expect(
                rule.attributes.count == SanitizerPolicy.global.merging(own) { _, element in element }.count, "\(name)")
        }
    }

    /// A `<meta charset>` in a fragment cannot change how its UTF-8 is read.
    @Test func metaCharsetDoesNotChangeTheDecoding() {
        let html =
            "<meta charset=\"windows-1252\"><p>café — 日本</p><meta http-equiv=\"Content-Type\" content=\"text/html; "
            + "charset=iso-8859-1\">ü"
        #expect(HTMLSanitizer.sanitize(html, base: nil) == "<p>café — 日本</p>ü")
    }

    /// Entry HTML is trimmed of ASCII white space on its bytes and of other White_Space at its
    /// ends as `PlainText.trimmed` trims it; the bytes are the String's.
    @Test func entryHTMLTrimsAsBefore() {
        let cases = [
            "  <p>x</p>\n", "\u{A0}<p>x</p>\u{A0}\n", "\n\u{3000} ", " \t ", "<p>é</p>é\u{2028}", "<script>x</script>",
            "plain"
        ]
        for html in cases {
            let old = PlainText.trimmed(HTMLSanitizer.sanitize(html, base: nil))
            let expected: String? = old.isEmpty ? nil : String(old)
            #expect(HTMLSanitizer.sanitizeEntryHTML(html, base: nil) == expected, "\(html)")
            #expect(
                HTMLSanitizer.sanitizedEntryHTMLBytes(html, base: nil).map(Array.init)
                    == expected.map { Array($0.utf8) })
        }
    }
}
