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

    private func write(to out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let values):
            guard !values.isEmpty else { out += "[]"; return }
            let inner = indent + "  "
            out += "[\n"
            for (index, value) in values.enumerated() {
                out += inner
                value.write(to: &out, indent: inner)
                out += index == values.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            let inner = indent + "  "
            out += "{\n"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                out += inner
                Self.writeString(key, to: &out)
                out += ": "
                members[key]?.write(to: &out, indent: inner)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
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
