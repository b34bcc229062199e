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

    /// RFC 8259 §7 string escaping: quote, backslash and control characters.
    private static func writeString(_ value: String, to out: inout String) {
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out += "\""  // the common case: nothing to escape, appended whole
            out += value
            out += "\""
            return
        }
        out += "\""
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
        out += "\""
    }
}
