import Foundation

/// What one pass over bytes learned about them as UTF-8 (RFC 3629 §4: no overlongs, no
/// surrogates, nothing above U+10FFFF) and as XML 1.0 characters (§2.2: no C0 controls other
/// than tab, LF, CR).
struct UTF8Check {
    /// Bytes that start no valid sequence.
    var invalidBytes = 0
    /// Valid sequences of two or more bytes.
    var multibyteSequences = 0
    /// C0 control characters that XML 1.0 forbids.
    var forbiddenControls = 0

    var isValid: Bool { invalidBytes == 0 }
    var isClean: Bool { invalidBytes == 0 && forbiddenControls == 0 }

    init(_ b: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = b.count
        guard let base = b.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        while i < n {
            if i + 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let below0x20 = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                if word & 0x8080_8080_8080_8080 == 0, below0x20 == 0 {
                    i += 8
                    continue
                }
            }
            let byte = b[i]
            if byte < 0x80 {
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { forbiddenControls += 1 }
                i += 1
            } else if let length = UTF8Check.sequenceLength(b, at: i) {
                multibyteSequences += 1
                i += length
            } else {
                invalidBytes += 1
                i += 1
            }
        }
    }

    /// Length of the valid multi-byte sequence starting at `i`, or nil (RFC 3629 §4 table).
    @inline(__always)
    static func sequenceLength(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let lead = b[i]
        let n = b.count
        func cont(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < n && b[i + k] >= low && b[i + k] <= high
        }
        switch lead {
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : nil
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }

    /// Copies UTF-8 text, reading each invalid byte as windows-1252 (the usual truth of a stray
    /// byte in a UTF-8 feed) and writing U+FFFD for C0 controls that XML 1.0 forbids.
    static func repair(_ b: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count + 64)
        var i = 0
        while i < b.count {
            let byte = b[i]
            if byte < 0x80 {
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                } else {
                    out.append(byte)
                }
                i += 1
            } else if let length = sequenceLength(b, at: i) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<i + length]))
                i += length
            } else {
                Windows1252.append(byte, to: &out)
                i += 1
            }
        }
        return out
    }
}
