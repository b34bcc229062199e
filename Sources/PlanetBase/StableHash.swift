/// FNV-1a 64-bit (Fowler–Noll–Vo), the stable hash behind generated entry ids: same bytes, same
/// value, on every run and platform (unlike Swift's seeded `Hasher`).
package enum StableHash {
    /// 16 lowercase hex digits of the FNV-1a 64 hash of the UTF-8 bytes of `parts` joined by U+001F.
    package static func fnv1a64(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in parts.joined(separator: "\u{1F}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
