import PlanetBase

/// Writes JSON as UTF-8 bytes member by member, in exactly the layout of `JSONValue.rendered()`
/// (pretty: two-space indentation, `"key": value`) or `renderedOnOneLine()` (no spaces), without
/// building a `JSONValue` tree first: no dictionary per object, no key sorting at run time, no
/// enum boxes. The caller writes an object's keys in sorted order (UTF-8 byte order), as
/// `JSONValue` would print them; strings are escaped by `JSONValue.writeString` (RFC 8259 §7).
struct JSONBytesWriter {
    /// The bytes written so far.
    private(set) var output: [UInt8] = []
    /// False for one line.
    let pretty: Bool
    /// For each open object or array, innermost last: how many members it has so far.
    private var counts: [Int] = []

    /// A writer appending to `output`, with room for `capacity` more bytes.
    init(pretty: Bool, output: [UInt8] = [], capacity: Int = 0) {
        self.pretty = pretty
        self.output = output
        self.output.reserveCapacity(output.count + capacity)
    }

    /// Opens an object (`{`) as the next value.
    mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// Closes the innermost object: `}`, or `{}` for an object without members.
    mutating func endObject() { close(UInt8(ascii: "}"), empty: "{}") }

    /// Opens an array (`[`) as the next value.
    mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Closes the innermost array: `]`, or `[]` for an empty one.
    mutating func endArray() { close(UInt8(ascii: "]"), empty: "[]") }

    /// Starts the next member of the innermost object: separator, new line and indentation
    /// (pretty), then `"key": ` (`"key":` on one line). A value must follow.
    mutating func key(_ key: StaticString) {
        startMember()
        output.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { output.append(contentsOf: $0) }
        output.append(contentsOf: pretty ? Self.prettyColon : Self.colon)
    }

    /// Writes a string value (an array element: call `element()` first).
    mutating func string(_ value: String) { JSONValue.writeString(value, to: &output) }

    /// Writes a string value, or `null` for nil.
    mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// Writes a string value from its UTF-8 bytes (valid UTF-8: the sanitizer's output).
    mutating func string(utf8 bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { JSONValue.writeString(utf8: $0, to: &output) }
    }

    mutating func null() { output.append(contentsOf: Self.nullBytes) }

    mutating func int(_ value: Int) { output.append(contentsOf: String(value).utf8) }

    /// Starts the next element of the innermost array (separator, new line, indentation).
    mutating func element() { startMember() }

    /// Appends bytes that are already one JSON value (or a run of members), as they are.
    mutating func raw(_ bytes: [UInt8]) { output.append(contentsOf: bytes) }

    private static let colon = Array("\":".utf8)
    private static let prettyColon = Array("\": ".utf8)
    private static let nullBytes = Array("null".utf8)

    private mutating func open(_ bracket: UInt8) {
        output.append(bracket)
        counts.append(0)
    }

    private mutating func close(_ bracket: UInt8, empty: StaticString) {
        let count = counts.removeLast()
        if count == 0 {
            output.removeLast()
            empty.withUTF8Buffer { output.append(contentsOf: $0) }
            return
        }
        if pretty { newLine() }
        output.append(bracket)
    }

    private mutating func startMember() {
        if counts[counts.count - 1] > 0 { output.append(UInt8(ascii: ",")) }
        counts[counts.count - 1] += 1
        if pretty { newLine() }
    }

    /// A line feed and two spaces per open container.
    private mutating func newLine() {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<(2 * counts.count) { output.append(0x20) }
    }
}
