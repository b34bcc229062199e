/// Columns a string takes in a terminal: East Asian wide and fullwidth characters take 2, the
/// rest 1 (Unicode UAX #11, the W and F ranges in the rough blocks most terminals use).
enum DisplayWidth {
    /// Code point ranges counted as 2 columns.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD
    ]

    /// The width of `text` in columns; a character is as wide as its first scalar.
    static func of(_ text: String) -> Int {
        text.reduce(0) { total, character in
            guard let scalar = character.unicodeScalars.first?.value else { return total }
            return total + (wide.contains { $0.contains(scalar) } ? 2 : 1)
        }
    }

    /// `text` followed by spaces up to `width` columns (unchanged when already as wide).
    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }
}
