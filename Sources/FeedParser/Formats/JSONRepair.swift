import Foundation

/// Lexical repair of JSON that `JSONSerialization` rejects, as found in real JSON Feeds: raw
/// control characters inside strings become `\u00XX` escapes; an escaped surrogate without its
/// other half (`"\ud800"`, `"\udc00"`: RFC 8259 §8.2 allows them to be written, but they are no
/// character) becomes `\ufffd`, U+FFFD as a decoder writes for what it cannot read (Unicode §3.9,
/// U+FFFD substitution); and a truncated document is cut after its last complete member and its
/// open arrays and objects are closed. Only used after a strict parse failed, on UTF-8 bytes
/// (invalid ones were repaired first: `DocumentDecoder.decodeText`).
enum JSONRepair {
    /// A repaired document and what was repaired.
    struct Repaired {
        var data: Data
        /// Raw control characters escaped.
        var controls = false
        /// Lone surrogate escapes replaced with `\ufffd`.
        var loneSurrogates = 0
        /// The document ended inside an open array or object: it was cut short (`Feed.isCutShort`).
        var cutShort = false
        /// Bytes other than white space after the root value were left out.
        var trailingBytes = false
        /// It ended inside an element of the top-level `items` array, and that unfinished item was
        /// cut off whole (an item cut after its last complete member would keep a title without its
        /// text, over the cache's whole copy).
        var droppedItem = false

        /// What was repaired, as the parse warnings say it; empty when nothing was.
        var warnings: [String] {
            var warnings: [String] = []
            if controls {
                warnings.append("invalid JSON (control characters) repaired")
            }
            if loneSurrogates > 0 {
                warnings.append("\(loneSurrogates) lone surrogate escape(s) in JSON strings replaced with U+FFFD")
            }
            if trailingBytes {
                warnings.append("bytes after the end of the JSON document ignored")
            }
            if cutShort {
                warnings.append(
                    "the document ends inside "
                        + (droppedItem ? "an item" : "an open array or object")
                        + ": it was cut short (by its server or its compression)"
                        + (droppedItem ? ", and the unfinished entry is left out" : "")
                        + "; a build records nothing of it")
            }
            return warnings
        }
    }

    static func repair(_ data: Data) -> Repaired {
        var scanner = Scanner(bytes: [UInt8](data))
        scanner.scan()
        scanner.closeWhatIsOpen()
        scanner.repaired.data = Data(scanner.out)
        return scanner.repaired
    }

    /// The state of one pass over the document: the bytes written so far, the containers open at
    /// the current byte, and the last points where the output could be cut and closed.
    private struct Scanner {
        let bytes: [UInt8]
        var repaired: Repaired
        var out: [UInt8] = []
        /// The closing bracket of each open array and object, innermost last.
        var stack: [UInt8] = []
        var inString = false
        /// Output length and open containers at the last point where everything before was complete.
        var safe: (length: Int, stack: [UInt8])? = nil
        /// The same, at the last point between two elements of the top-level `items` array (or
        /// just after its `[`), while that array is open.
        var safeBetweenItems: (length: Int, stack: [UInt8])? = nil
        /// The last string read directly in the root object (a key, when `:` follows).
        var rootString: [UInt8] = []
        var stringStart = 0
        var itemsOpen = false
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            repaired = Repaired(data: Data())
            out.reserveCapacity(bytes.count + 16)
        }

        /// Copies the document to `out`, repairing strings, until its end or the end of the root value.
        mutating func scan() {
            while index < bytes.count {
                if inString {
                    stringByte(bytes[index])
                } else if !structuralByte(bytes[index]) {
                    return
                }
            }
        }

        /// One byte inside a string: an escape checked for lone surrogates, a raw control escaped.
        mutating func stringByte(_ byte: UInt8) {
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let (length, isLoneSurrogate) = JSONRepair.escape(bytes, at: index, to: &out)
                if isLoneSurrogate { repaired.loneSurrogates += 1 }
                index += length
                return
            }
            if byte == UInt8(ascii: "\"") {
                inString = false
                if stack.count == 1 { rootString = Array(out[stringStart...]) }
            } else if byte < 0x20 {
                out.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
                repaired.controls = true
                index += 1
                return
            }
            out.append(byte)
            index += 1
        }

        /// One byte outside strings; false once the root value is complete.
        mutating func structuralByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                stringStart = out.count + 1
            case UInt8(ascii: "{"): stack.append(UInt8(ascii: "}"))
            case UInt8(ascii: "["):
                stack.append(UInt8(ascii: "]"))
                if stack.count == 2, rootString == Array("items".utf8) {
                    itemsOpen = true
                    out.append(byte)
                    index += 1
                    safeBetweenItems = (out.count, stack)
                    return true
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                return close(byte)
            case UInt8(ascii: ","):
                markSafe()
            default: break
            }
            out.append(byte)
            index += 1
            return true
        }

        /// A closing bracket; false when it closes the root value.
        mutating func close(_ byte: UInt8) -> Bool {
            let closesRoot = stack.count == 1
            if !stack.isEmpty { stack.removeLast() }
            if stack.count < 2 { itemsOpen = false }
            out.append(byte)
            index += 1
            markSafe()
            // The root value is complete: what follows (a caching plugin's `<!-- … -->`, NUL
            // padding, a second object) is no part of it (RFC 8259 §2: one value per text).
            if closesRoot {
                repaired.trailingBytes = bytes[index...].contains { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
                return false
            }
            return true
        }

        /// Everything written so far is complete: remember the point to cut back to.
        mutating func markSafe() {
            safe = (out.count, stack)
            if itemsOpen, stack.count == 2 { safeBetweenItems = safe }
        }

        /// A document that ended inside a string or a container is cut back to its last complete
        /// member (or, inside an item, to the last point between items) and its containers closed.
        mutating func closeWhatIsOpen() {
            guard inString || !stack.isEmpty else { return }
            repaired.cutShort = true
            // Cut inside an item (deeper than the items array): back to the last point between items.
            let insideItem = itemsOpen && (stack.count > 2 || (stack.count == 2 && inString))
            if insideItem, let between = safeBetweenItems {
                repaired.droppedItem = true
                out.removeSubrange(between.length...)
                out.append(contentsOf: between.stack.reversed())
            } else if let safe {
                out.removeSubrange(safe.length...)
                out.append(contentsOf: safe.stack.reversed())
            }
        }
    }

    /// Copies the escape at `index` (a backslash and what follows) to `out`: a `\uXXXX` surrogate
    /// pair as it is, a lone surrogate as `\ufffd`, any other escape as it is (a malformed one is
    /// left to the parser). Returns how many bytes it spans and whether it was a lone surrogate.
    private static func escape(_ bytes: [UInt8], at index: Int, to out: inout [UInt8]) -> (Int, Bool) {
        guard let unit = codeUnit(bytes, at: index) else {
            out.append(contentsOf: bytes[index...index + 1])
            return (2, false)
        }
        switch unit {
        case 0xD800...0xDBFF:
            if let low = codeUnit(bytes, at: index + 6), (0xDC00...0xDFFF).contains(low) {
                out.append(contentsOf: bytes[index..<index + 12])
                return (12, false)
            }
        case 0xDC00...0xDFFF: break
        default:
            out.append(contentsOf: bytes[index..<index + 6])
            return (6, false)
        }
        out.append(contentsOf: Array("\\ufffd".utf8))
        return (6, true)
    }

    /// The code unit of a `\uXXXX` escape at `index`, nil when there is none.
    private static func codeUnit(_ bytes: [UInt8], at index: Int) -> UInt16? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        var value: UInt16 = 0
        for byte in bytes[index + 2..<index + 6] {
            guard let digit = hexValue(byte) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt16? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
