import Foundation

/// A JSON value with a deterministic writer (RFC 8259), for the parse contract and the status
/// report: object keys sorted by their UTF-8 bytes, two-space indentation, `"key": value`, `/`
/// not escaped, non-ASCII written as UTF-8. Same value, same bytes; no Foundation bridging
/// (`JSONSerialization` with `.sortedKeys` is slow on Linux: it sorts through NSString).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case string(String)
    case int(Int)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Pretty-printed text without a trailing newline.
    public func rendered() -> String {
        var out: [UInt8] = []
        write(to: &out, indent: "")
        return String(decoding: out, as: UTF8.self)
    }

    /// The same value on one line, without spaces or a trailing newline (`{"a":[1,2],"b":null}`):
    /// a line of JSON Lines (jsonlines.org).
    public func renderedOnOneLine() -> String {
        var out: [UInt8] = []
        write(to: &out, indent: nil)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes the value as UTF-8 bytes (one conversion to String at the end, not one validation
    /// per appended piece); `indent` is the current line's indentation, nil for one line (as
    /// ``rendered()`` with "", ``renderedOnOneLine()`` with nil, and for a value nested in a
    /// larger document being written, the indentation of its member).
    package func write(to out: inout [UInt8], indent: String?) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .int(let value): out += String(value).utf8
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let values):
            Self.writeArray(values, indent: indent, to: &out)
        case .object(let members):
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            Self.writeObject(keys: keys, indent: indent, to: &out) { key, inner, out in
                members[key]?.write(to: &out, indent: inner)
            }
        }
    }

    /// Writes `values` as the array value of them is written at `indent` (nil: on one line),
    /// making each element only as it is written: an array too large to hold as one value
    /// (status.json's feeds) is written in the same bytes, one element in memory at a time.
    package static func writeArray<Values: Sequence<JSONValue>>(
        _ values: Values, indent: String?, to out: inout [UInt8]
    ) {
        let inner = indent.map { $0 + "  " }
        var count = 0
        for value in values {
            if count == 0 { out.append(UInt8(ascii: "[")) }
            startMember(count, indent: inner, to: &out)
            value.write(to: &out, indent: inner)
            count += 1
        }
        guard count > 0 else {
            out += "[]".utf8
            return
        }
        endMembers(indent: indent, to: &out)
        out.append(UInt8(ascii: "]"))
    }

    /// Writes an object as the object value is written at `indent` (nil: on one line), its
    /// members in the order of `keys`, which must be sorted by their UTF-8 bytes (as the value's
    /// are) and distinct; `member` writes the value of a key at the indentation it is given.
    package static func writeObject(
        keys: [String], indent: String?, to out: inout [UInt8],
        member: (_ key: String, _ indent: String?, _ out: inout [UInt8]) -> Void
    ) {
        guard !keys.isEmpty else {
            out += "{}".utf8
            return
        }
        let inner = indent.map { $0 + "  " }
        out.append(UInt8(ascii: "{"))
        for (index, key) in keys.enumerated() {
            startMember(index, indent: inner, to: &out)
            writeString(key, to: &out)
            out += (inner == nil ? ":" : ": ").utf8
            member(key, inner, &out)
        }
        endMembers(indent: indent, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Before the member at `index`: a comma after the previous one, then (pretty) a new line
    /// indented by `indent`.
    private static func startMember(_ index: Int, indent: String?, to out: inout [UInt8]) {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        if let indent {
            out.append(UInt8(ascii: "\n"))
            out += indent.utf8
        }
    }

    /// After the last member (pretty): a new line indented by the container's `indent`.
    private static func endMembers(indent: String?, to out: inout [UInt8]) {
        if let indent {
            out.append(UInt8(ascii: "\n"))
            out += indent.utf8
        }
    }

    /// RFC 8259 §7 string escaping: quote, backslash and control characters (`\b \f \n \r \t`,
    /// else `\u00xx`, lowercase hex); everything else as it is, in UTF-8.
    ///
    /// Runs of bytes that need no escape are copied whole; eight bytes at a time are tested for
    /// one that does (a byte below 0x20, `"` or `\`).
    package static func writeString(_ value: String, to out: inout [UInt8]) {
        var value = value
        value.withUTF8 { writeString(utf8: $0, to: &out) }
    }

    /// `writeString` of the string whose UTF-8 is `bytes` (which must be valid UTF-8).
    package static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        defer { out.append(UInt8(ascii: "\"")) }
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        while true {
            let index = WordScan.firstSpecial(
                base, from: runStart, count: count,
                mayHold: { word in
                    WordScan.hasBelow(word, 0x20) | WordScan.has(word, UInt8(ascii: "\""))
                        | WordScan.has(word, UInt8(ascii: "\\")) != 0
                },
                isSpecial: { byte in
                    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                })
            if runStart < index {
                out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            }
            guard index < count else { return }
            appendEscape(base[index], to: &out)
            runStart = index + 1
        }
    }

    /// Appends the escape of one ASCII byte that JSON strings cannot hold as it is.
    private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): out.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [
                UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]
            ])
        }
    }
}
