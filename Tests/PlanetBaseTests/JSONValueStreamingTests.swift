import Foundation
import Testing

@testable import PlanetBase

/// `JSONValue.writeArray` and `writeObject`, which write a document too large to hold as one value
/// a member at a time: the same bytes as the value they stand for, pretty and on one line.
@Suite("JSONValue written a member at a time")
struct JSONValueStreamingTests {
    static let elements: [JSONValue] = [
        .int(1), .string("two \"2\"\n"), .null, .array([]), .object([:]),
        .object(["b": .array([.bool(true), .object(["z": .null])]), "a": .string("é")])
    ]

    /// `values` written by `writeArray`, at the top level or nested one level down.
    static func streamedArray(_ values: [JSONValue], indent: String?) -> String {
        var out: [UInt8] = []
        JSONValue.writeArray(values, indent: indent, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test("an array, empty or not, pretty or on one line", arguments: [0, 1, 2, 6])
    func arrays(count: Int) {
        let values = Array(Self.elements.prefix(count))
        #expect(Self.streamedArray(values, indent: "") == JSONValue.array(values).rendered())
        #expect(Self.streamedArray(values, indent: nil) == JSONValue.array(values).renderedOnOneLine())
    }

    @Test("an object whose members are written by the caller, one of them a streamed array")
    func objects() {
        let value = JSONValue.object([
            "feeds": .array(Self.elements), "generated": .string("2024-01-02T03:04:05Z"),
            "planet": .string("P"), "summary": .object(["ok": .int(2), "feeds": .int(3)])
        ])
        guard case .object(let members) = value else { return }
        for indent in ["", nil] as [String?] {
            var out: [UInt8] = []
            JSONValue.writeObject(keys: ["feeds", "generated", "planet", "summary"], indent: indent, to: &out) {
                key, inner, out in
                if key == "feeds" {
                    JSONValue.writeArray(Self.elements.lazy, indent: inner, to: &out)
                } else {
                    members[key]?.write(to: &out, indent: inner)
                }
            }
            let expected = indent == nil ? value.renderedOnOneLine() : value.rendered()
            #expect(String(decoding: out, as: UTF8.self) == expected)
        }
        var empty: [UInt8] = []
        JSONValue.writeObject(keys: [], indent: "", to: &empty) { _, _, _ in }
        #expect(String(decoding: empty, as: UTF8.self) == JSONValue.object([:]).rendered())
    }
}
