/// A cursor over ASCII-ish bytes, for the hand-written date scanners.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.index = start
        self.end = end ?? bytes.count
    }

    var atEnd: Bool { index >= end }

    var peek: UInt8? { index < end ? bytes[index] : nil }

    /// Consumes `byte` if it comes next.
    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < end, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes one of `a` or `b` if it comes next.
    mutating func skip(either a: UInt8, or b: UInt8) -> Bool {
        guard index < end, bytes[index] == a || bytes[index] == b else { return false }
        index += 1
        return true
    }

    /// Consumes spaces and tabs; returns how many.
    @discardableResult
    mutating func skipSpaces() -> Int {
        let start = index
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index - start
    }

    /// Reads up to `max` ASCII digits; nil unless at least `min` were there.
    mutating func digits(min: Int = 1, max: Int) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while count < max, index < end, bytes[index] &- 0x30 < 10 {
            value = value * 10 + Int(bytes[index] &- 0x30)
            count += 1
            index += 1
        }
        if count < min {
            index -= count
            return nil
        }
        return (value, count)
    }

    /// Reads a run of digits as a fraction (".5" → 0.5); digits beyond the ninth are skipped.
    mutating func fraction() -> Double? {
        var value = 0
        var scale = 1
        var count = 0
        while index < end, bytes[index] &- 0x30 < 10 {
            if count < 9 {
                value = value * 10 + Int(bytes[index] &- 0x30)
                scale *= 10
            }
            count += 1
            index += 1
        }
        return count == 0 ? nil : Double(value) / Double(scale)
    }

    /// Reads a run of ASCII letters (lowercased into a `String`), or nil if none is next.
    mutating func asciiWord() -> String? {
        let start = index
        while index < end, (bytes[index] | 0x20) &- 0x61 < 26 { index += 1 }
        guard index > start else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }
}

extension UInt8 {
    var isASCIIDigit: Bool { self &- 0x30 < 10 }
    var isASCIILetter: Bool { (self | 0x20) &- 0x61 < 26 }
}
