/// Tests on eight bytes at once (SWAR, "SIMD within a register"), for the loops that run over
/// every byte of a feed's text and look for a few rare bytes: a word for which every test is
/// false is skipped whole. Each test is exact for "no such byte in the word": the classic
/// zero-byte test `(w - 0x01…) & ~w & 0x80…` (Hacker's Delight §6-1) and its "below n" form.
package enum WordScan {
    package static let ones: UInt64 = 0x0101_0101_0101_0101
    package static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset` of `base` (any alignment).
    @inline(__always)
    package static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// Nonzero (in the high bit of the byte) where `word` may hold `byte`; zero when it does not.
    @inline(__always)
    package static func has(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highBits
    }

    /// Nonzero where `word` may hold a byte below `limit` (at most 0x80); zero when it does not.
    @inline(__always)
    package static func hasBelow(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highBits
    }

    /// Nonzero when `word` holds a byte of 0x80 or above (non-ASCII UTF-8).
    @inline(__always)
    package static func hasNonASCII(_ word: UInt64) -> UInt64 {
        word & highBits
    }
}

extension WordScan {
    /// The offset of the first byte in `start..<count` of `base` for which `isSpecial` holds,
    /// `count` when there is none. Eight bytes for which `mayHold` is false are skipped at once
    /// (`mayHold` must be true for every word holding a special byte); a word for which it is
    /// true is read byte by byte.
    @inline(__always)
    package static func firstSpecial(
        _ base: UnsafePointer<UInt8>, from start: Int, count: Int,
        mayHold: (UInt64) -> Bool, isSpecial: (UInt8) -> Bool
    ) -> Int {
        var index = start
        while index + 8 <= count {
            if mayHold(load(base, index)) {
                for offset in index..<(index + 8) where isSpecial(base[offset]) { return offset }
            }
            index += 8
        }
        while index < count {
            if isSpecial(base[index]) { return index }
            index += 1
        }
        return count
    }
}
