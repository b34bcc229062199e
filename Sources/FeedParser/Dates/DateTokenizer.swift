/// One piece of a date written in words and numbers.
struct DateToken {
    enum Kind { case number, word, punctuation }
    var kind: Kind
    /// Number: its value; punctuation: the byte.
    var value: Int = 0
    /// Number: how many digits were written (2-digit years, "0530" offsets); word: its byte length.
    var digits: Int = 0
    /// Word: what it means, nil for an unknown word.
    var meaning: DateWord?
    /// Word: 2 to 5 ASCII capitals, the shape of a zone abbreviation not in the table ("CLT").
    var zoneLike = false

    func isPunctuation(_ byte: UInt8) -> Bool { kind == .punctuation && value == Int(byte) }
}

/// Splits date text into numbers, words and punctuation. Spaces (also U+00A0) separate and are
/// dropped; a parenthesized comment such as "(PST)" or "(Coordinated Universal Time)" is dropped
/// as RFC 822 §3.4.3 says; words may be any non-ASCII letters ("März", "мая", "年").
enum DateTokenizer {
    /// Longest run of digits kept as a number; longer runs make the text unreadable.
    static let maxDigits = 14

    static func tokens(_ b: UnsafeBufferPointer<UInt8>) -> [DateToken]? {
        var tokens: [DateToken] = []
        tokens.reserveCapacity(16)
        var i = 0
        while i < b.count {
            let byte = b[i]
            if byte.isASCIIDigit {
                var value = 0
                let start = i
                while i < b.count, b[i].isASCIIDigit {
                    value = value &* 10 &+ Int(b[i] &- 0x30)
                    i += 1
                }
                guard i - start <= maxDigits else { return nil }
                tokens.append(DateToken(kind: .number, value: value, digits: i - start))
            } else if byte == 0x28 {
                while i < b.count, b[i] != 0x29 { i += 1 }
                i += 1
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                i += 1
            } else if byte == 0xC2, i + 1 < b.count, b[i + 1] == 0xA0 {
                i += 2
            } else if byte.isASCIILetter || byte >= 0x80 {
                let start = i
                let meaning = word(b, at: &i)
                var zoneLike = (2...5).contains(i - start)
                for j in start..<i where b[j] &- 0x41 >= 26 { zoneLike = false }
                tokens.append(DateToken(kind: .word, digits: i - start, meaning: meaning, zoneLike: zoneLike))
            } else {
                tokens.append(DateToken(kind: .punctuation, value: Int(byte)))
                i += 1
            }
        }
        return tokens
    }

    /// Reads a word starting at `i` and looks it up; "a.m." and "p.m." are read as one word.
    private static func word(_ b: UnsafeBufferPointer<UInt8>, at i: inout Int) -> DateWord? {
        let start = i
        while i < b.count,
            b[i].isASCIILetter || (b[i] >= 0x80 && !(b[i] == 0xC2 && i + 1 < b.count && b[i + 1] == 0xA0))
        {
            i += 1
        }
        if i - start == 1, b[start] | 0x20 == 0x61 || b[start] | 0x20 == 0x70,
            i + 1 < b.count, b[i] == 0x2E, b[i + 1] | 0x20 == 0x6D
        {
            let pm = b[start] | 0x20 == 0x70
            i += 2
            if i < b.count, b[i] == 0x2E { i += 1 }
            return .meridiem(pm: pm)
        }
        let range = start..<i
        if let key = DateWords.packed(b, range) { return DateWords.meaning(packed: key) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        return DateWords.meaning(of: text)
    }
}
