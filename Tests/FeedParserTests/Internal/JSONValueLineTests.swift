import Foundation
import Testing
@testable import FeedParser

/// `JSONValue.renderedOnOneLine()`: the pretty value's members, on one line without spaces.
@Suite("JSONValue on one line")
struct JSONValueLineTests {
    static let value = JSONValue.object([
        "b": .array([.int(1), .string("two \"2\"\n"), .null, .array([]), .object([:])]),
        "a": .object(["y": .bool(true), "x": .bool(false)]),
        "é": .string("ü/"),
    ])

    @Test func oneLineHasNoSpacesOrNewlinesAndSortedKeys() {
        #expect(Self.value.renderedOnOneLine() == #"{"a":{"x":false,"y":true},"b":[1,"two \"2\"\n",null,[],{}],"é":"ü/"}"#)
    }

    @Test func prettyIsUnchanged() {
        #expect(Self.value.rendered() == """
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
