import Foundation

/// Every JSON number of a document rewritten as a JSON string of the same text (`"id": 0` reads
/// as `"id": "0"`, `1.50` as `"1.50"`), before `JSONSerialization` reads it.
///
/// JSON Feed 1.1 makes `id` a string, but feeds write numbers; read through `NSNumber`, a number
/// loses the text it was written with: `0` and `1` bridge to `Bool`, `1.50` becomes `1.5`, `1e3`
/// `1000.0` and a 20-digit id is rounded to a `Double`. A number's own text keeps the id stable
/// and as written (RFC 8259 §6 leaves precision to the reader). Numeric fields (`size_in_bytes`)
/// are then read from that text, as RSS attributes are. Lexical, on UTF-8 bytes; the document is
/// returned as it is (no copy) when it has no number.
enum JSONNumberText {
    static func quoted(_ data: Data) -> Data {
        data.withUnsafeBytes { raw -> Data in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = Scanner(bytes: bytes)
            guard let first = scanner.nextNumber() else { return data }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 256)
            var copied = 0
            var number: Range<Int>? = first
            while let range = number {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
                out.append(UInt8(ascii: "\""))
                copied = range.upperBound
                number = scanner.nextNumber()
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return Data(out)
        }
    }

    /// Finds number tokens outside strings, in order.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        /// The byte range of the next number token (`-`, digits, `.`, `e`, `E`, `+`), nil at the end.
        mutating func nextNumber() -> Range<Int>? {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    skipString()
                    continue
                }
                if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    let start = index
                    while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
                    return start..<index
                }
                index += 1
            }
            return nil
        }

        /// Moves past the string that starts at `index` (its closing quote, or the end).
        private mutating func skipString() {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return
                default: index += 1
                }
            }
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                return true
            default: return false
            }
        }
    }
}
