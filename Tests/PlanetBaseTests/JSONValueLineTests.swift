import Foundation
import Testing

@testable import PlanetBase

/// `JSONValue.renderedOnOneLine()`: the pretty value's members, on one line without spaces.
@Suite("JSONValue on one line")
struct JSONValueLineTests {
    static let value = JSONValue.object([
        "b": .array([.int(1), .string("two \"2\"\n"), .null, .array([]), .object([:])]),
        "a": .object(["y": .bool(true), "x": .bool(false)]),
        "é": .string("ü/")
    ])

    @Test func oneLineHasNoSpacesOrNewlinesAndSortedKeys() {
        #expect(
            Self.value.renderedOnOneLine() == #"{"a":{"x":false,"y":true},"b":[1,"two \"2\"\n",null,[],{}],"é":"ü/"}"#)
    }

    @Test func prettyIsUnchanged() {
        #expect(
            Self.value.rendered() == """
                {
                  "a": {
                    "x": false,
                    "y": true
                  },
                  "b": [
                    1,
                    "two \\"2\\"\\n",
                    null,
                    [],
                    {}
                  ],
                  "é": "ü/"
                }
                """)
    }

    @Test func bothReadBackAsTheSameObject() throws {
        let pretty = try JSONSerialization.jsonObject(with: Data(Self.value.rendered().utf8)) as? NSDictionary
        let line = try JSONSerialization.jsonObject(with: Data(Self.value.renderedOnOneLine().utf8)) as? NSDictionary
        #expect(pretty != nil)
        #expect(pretty == line)
    }
}

/// `JSONValue` string escaping by runs gives what escaping scalar by scalar gave.
@Suite("JSON string escaping")
struct JSONStringEscapingTests {
    /// The escaping before runs were appended whole: one scalar at a time (RFC 8259 §7).
    static func reference(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static let samples: [String] = [
        "", "plain", "\"", "\\", "\"quoted\"", "a\\b", "end\n", "\u{0}\u{1}\u{1F}\u{7F}",
        "<p class=\"x\">café — 日本語 \u{1F600}</p>\n\t\"", "é\"é", "\u{1F600}\\", "\r\n\u{0C}\u{08}",
        String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
        String(repeating: "<a href=\"https://example.org/ü\">x</a>\n", count: 50)
    ]

    @Test("every ASCII byte, quotes and backslashes beside multi-byte characters", arguments: samples)
    func sameAsScalarByScalar(_ sample: String) {
        #expect(JSONValue.string(sample).renderedOnOneLine() == Self.reference(sample))
    }
}
