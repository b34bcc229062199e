/// Guesses the encoding of bytes that are not UTF-8 and declare nothing.
///
/// Cheap statistics, tried in order (on the first 64 KiB):
/// 1. Japanese: the bytes read cleanly as EUC-JP and many double-byte characters are kana
///    (lead byte 0xA4/0xA5), or cleanly as Shift_JIS with kana (lead 0x82/0x83).
/// 2. Chinese: Big5 when many lead bytes are 0xA4-0xAF (Big5's most frequent hanzi; in GB2312
///    those rows hold kana, Greek, Cyrillic or nothing) and the bytes read cleanly as Big5;
///    otherwise GB18030 if they read cleanly as that.
/// 3. Cyrillic: high bytes come in runs (words) rather than alone between ASCII letters (Latin
///    accents); then windows-1251 if most are 0xE0-0xFF (its lowercase), KOI8-R if 0xC0-0xDF.
/// 4. Otherwise windows-1252, what undeclared 8-bit feeds almost always are.
enum EncodingDetector {
    static let sampleSize = 65_536

    static func detect(_ all: UnsafeBufferPointer<UInt8>) -> Charset {
        let b = UnsafeBufferPointer(rebasing: all[0..<min(all.count, sampleSize)])
        let stats = PairStats(b)
        if stats.pairs > 0 {
            let share = { (count: Int) in Double(count) / Double(stats.pairs) }
            if share(stats.eucKana) >= 0.15, readsCleanly(b, as: .eucJP) { return .eucJP }
            if share(stats.sjisKana) >= 0.15, readsCleanly(b, as: .shiftJIS) { return .shiftJIS }
            if share(stats.big5Lead) >= 0.15, readsCleanly(b, as: .big5) { return .big5 }
            if readsCleanly(b, as: .gb18030) { return .gb18030 }
        }
        if stats.highInRuns * 2 >= stats.high, stats.high > 0 {
            return stats.upperHalf >= stats.lowerHalf ? .windows1251 : .koi8R
        }
        return .windows1252
    }

    private static func readsCleanly(_ b: UnsafeBufferPointer<UInt8>, as charset: Charset) -> Bool {
        charset.iconvNames.contains { Iconv.toUTF8(b, from: $0, strict: true) != nil }
    }

    /// Byte statistics, reading every byte ≥ 0x81 as the lead of a double-byte pair.
    struct PairStats {
        var pairs = 0, eucKana = 0, sjisKana = 0, big5Lead = 0
        /// Bytes ≥ 0x80; those next to another byte ≥ 0xC0; those in 0xE0-0xFF and 0xC0-0xDF.
        var high = 0, highInRuns = 0, upperHalf = 0, lowerHalf = 0

        init(_ b: UnsafeBufferPointer<UInt8>) {
            var i = 0
            while i < b.count {
                let lead = b[i]
                if lead >= 0x80 { countSingle(b, at: i) }
                guard lead >= 0x81, i + 1 < b.count else {
                    i += 1
                    continue
                }
                let trail = b[i + 1]
                pairs += 1
                if lead == 0xA4 || lead == 0xA5, trail >= 0xA1, trail <= 0xF6 { eucKana += 1 }
                if (lead == 0x82 && trail >= 0x9F && trail <= 0xF1) || (lead == 0x83 && trail >= 0x40 && trail <= 0x96)
                {
                    sjisKana += 1
                }
                if lead >= 0xA4, lead <= 0xAF { big5Lead += 1 }
                if trail >= 0x80 { countSingle(b, at: i + 1) }
                i += 2
            }
        }

        private mutating func countSingle(_ b: UnsafeBufferPointer<UInt8>, at i: Int) {
            let byte = b[i]
            high += 1
            if byte >= 0xE0 { upperHalf += 1 } else if byte >= 0xC0 { lowerHalf += 1 }
            if byte >= 0xC0, (i > 0 && b[i - 1] >= 0xC0) || (i + 1 < b.count && b[i + 1] >= 0xC0) {
                highInRuns += 1
            }
        }
    }
}
