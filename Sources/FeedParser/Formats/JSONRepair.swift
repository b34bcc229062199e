import Foundation

/// Lexical repair of JSON that `JSONSerialization` rejects, as found in real JSON Feeds: raw
/// control characters inside strings become `\u00XX` escapes, and a truncated document is cut
/// after its last complete member and its open arrays and objects are closed. Only used after a
/// strict parse failed.
enum JSONRepair {
    static func repair(_ data: Data) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 16)
        var stack: [UInt8] = []
        var inString = false
        var escaped = false
        /// Output length and open containers at the last point where everything before was complete.
        var safe: (length: Int, stack: [UInt8])? = nil
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte < 0x20 {
                    out.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
                    continue
                }
                out.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"): stack.append(UInt8(ascii: "}"))
            case UInt8(ascii: "["): stack.append(UInt8(ascii: "]"))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                out.append(byte)
                safe = (out.count, stack)
                continue
            case UInt8(ascii: ","):
                safe = (out.count, stack)
            default: break
            }
            out.append(byte)
        }
        if inString || !stack.isEmpty, let safe {
            out.removeSubrange(safe.length...)
            out.append(contentsOf: safe.stack.reversed())
        }
        return Data(out)
    }
}
