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
        var out = ""
        write(to: &out, indent: "")
        return out
    }

    /// The same value on one line, without spaces or a trailing newline (`{"a":[1,2],"b":null}`):
    /// a line of JSON Lines (jsonlines.org).
    public func renderedOnOneLine() -> String {
        var out = ""
        write(to: &out, indent: nil)
        return out
    }

    /// Writes the value; `indent` is the current line's indentation, nil for one line.
    private func write(to out: inout String, indent: String?) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let values):
            guard !values.isEmpty else { out += "[]"; return }
            let inner = indent.map { $0 + "  " }
            out += "["
            for (index, value) in values.enumerated() {
                Self.startMember(index, indent: inner, to: &out)
                value.write(to: &out, indent: inner)
            }
            Self.endMembers(indent: indent, to: &out)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            let inner = indent.map { $0 + "  " }
            out += "{"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                Self.startMember(index, indent: inner, to: &out)
                Self.writeString(key, to: &out)
                out += inner == nil ? ":" : ": "
                members[key]?.write(to: &out, indent: inner)
            }
            Self.endMembers(indent: indent, to: &out)
            out += "}"
        }
    }

    /// Before the member at `index`: a comma after the previous one, then (pretty) a new line
    /// indented by `indent`.
    private static func startMember(_ index: Int, indent: String?, to out: inout String) {
        if index > 0 { out += "," }
        if let indent { out += "\n" + indent }
    }

    /// After the last member (pretty): a new line indented by the container's `indent`.
    private static func endMembers(indent: String?, to out: inout String) {
        if let indent { out += "\n" + indent }
    }

    /// RFC 8259 §7 string escaping: quote, backslash and control characters (`\b \f \n \r \t`,
    /// else `\u00xx`, lowercase hex); everything else as it is, in UTF-8.
    ///
    /// Runs of bytes that need no escape are appended whole: the bytes escaped are ASCII, which
    /// never occur inside a multi-byte UTF-8 sequence, so every run is valid UTF-8 on its own.
    static func writeString(_ value: String, to out: inout String) {
        out += "\""
        var value = value
        let escaped = value.withUTF8 { bytes -> Bool in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index {
                    out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                }
                out += escape(byte)
                runStart = index + 1
            }
            guard runStart > 0 else { return false }
            if runStart < bytes.count {
                out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self)
            }
            return true
        }
        if !escaped { out += value }  // the common case: nothing to escape, appended whole
        out += "\""
    }

    /// The escape of one ASCII byte that JSON strings cannot hold as it is.
    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case UInt8(ascii: "\n"): return "\\n"
        case UInt8(ascii: "\r"): return "\\r"
        case UInt8(ascii: "\t"): return "\\t"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        default:
            let hex = String(byte, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
