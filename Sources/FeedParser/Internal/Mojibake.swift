import PlanetBase

/// UTF-8 that was read as windows-1252 somewhere before the feed was written: "Â " for a
/// no-break space (C2 A0), "â€™" for "’", "Ã©" for "é". A real feed's titles carry "Â" + NBSP
/// fourteen times. Text fields are repaired only when the whole field reads back cleanly: every
/// character has a windows-1252 byte (WHATWG Encoding Standard) and those bytes are valid UTF-8
/// with at least one non-ASCII character, so text that merely holds an "Â" or a "Ã" stays.
enum Mojibake {
    /// `text` decoded again as UTF-8 from its windows-1252 bytes when that succeeds (see the
    /// type), else `text` unchanged. Costs one scan when there is no lead character (U+00C2–U+00F4).
    static func repaired(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xC2...0xF4).contains($0.value) }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard let byte = windows1252Byte(scalar) else { return text }
            bytes.append(byte)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { return text }
        return decoded
    }

    /// The windows-1252 byte of `scalar`, nil when it has none. The five bytes that windows-1252
    /// leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) are their C1 controls.
    private static func windows1252Byte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        if value < 0x80 || (0xA0...0xFF).contains(value) { return UInt8(value) }
        guard value <= 0xFFFF, let index = TextControls.windows1252High.firstIndex(of: UInt16(value)) else {
            return nil
        }
        return UInt8(0x80 + index)
    }
}
