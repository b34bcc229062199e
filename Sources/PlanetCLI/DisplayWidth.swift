/// Columns a string takes in a terminal: East Asian wide and fullwidth characters and emoji take
/// 2, the rest 1 (Unicode UAX #11: the W and F ranges in the blocks terminals draw wide, emoji
/// with default emoji presentation included; UTS #51 §4).
enum DisplayWidth {
    /// Code point ranges counted as 2 columns, sorted: CJK, Hangul, fullwidth forms, then the
    /// emoji that are wide by default (East_Asian_Width=W: the symbols of 231A-2B55 among them,
    /// the pictographs and emoticons of 1F300-1FAFF), then the CJK extension planes.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F1E6...0x1F1FF,
        0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF,
        0x1FA70...0x1FAFF, 0x20000...0x3FFFD
    ]

    /// The width of `text` in columns. A character (grapheme cluster) is as wide as its first
    /// scalar, or 2 when it asks for emoji presentation (U+FE0F, UTS #51 §4: `❤️`); the scalars
    /// that follow (combining marks, zero-width joiners, skin tones) add nothing.
    static func of(_ text: String) -> Int {
        text.reduce(0) { total, character in
            guard let scalar = character.unicodeScalars.first?.value else { return total }
            if character.unicodeScalars.contains("\u{FE0F}") { return total + 2 }
            return total + (wide.contains { $0.contains(scalar) } ? 2 : 1)
        }
    }

    /// `text` followed by spaces up to `width` columns (unchanged when already as wide).
    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }
}
