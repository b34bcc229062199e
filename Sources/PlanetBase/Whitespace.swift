/// Trimming with exactly the sets of Foundation's `CharacterSet.whitespaces` and
/// `.whitespacesAndNewlines` (as swift-corelibs-foundation defines them, U+200B included), on
/// Unicode scalars, without `trimmingCharacters(in:)`'s NSString bridge and UTF-16 copy (about
/// 15,000 instructions per call on Linux, even for a short date or guid).
@usableFromInline
enum Whitespace {
    /// `CharacterSet.whitespaces`: tab, and the space separators (Zs) of CoreFoundation's table.
    @inlinable
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// `CharacterSet.whitespacesAndNewlines`: `isSpace`, plus U+000A–U+000D, U+0085, U+2028, U+2029.
    @inlinable
    static func isSpaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return isSpace(scalar)
        }
    }
}

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`, same result (tab and the Unicode space separators
    /// of swift-corelibs-foundation's table, U+200B included), without the NSString bridge.
    /// Inlinable, as the trimming it calls: specialized for the caller's String or Substring.
    @inlinable
    package func trimmingSpaces() -> String {
        Whitespace.trim(self, Whitespace.isSpace)
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, same result (`trimmingSpaces()`'s set
    /// plus U+000A–U+000D, U+0085, U+2028, U+2029), without the NSString bridge.
    @inlinable
    package func trimmingSpacesAndNewlines() -> String {
        Whitespace.trim(self, Whitespace.isSpaceOrNewline)
    }
}

extension Whitespace {
    @inlinable
    static func trim(_ text: some StringProtocol, _ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex, let string = text as? String {
            return string
        }
        return String(text[first...last])
    }
}

extension Unicode.Scalar {
    /// The no-break spaces (Unicode line-breaking class GL among the `White_Space` scalars):
    /// no-break space U+00A0, narrow no-break space U+202F, figure space U+2007. Plain-text
    /// fields keep them (docs/ARCHITECTURE.md, Rules 12); the filters read them as spaces.
    package var isNoBreakSpace: Bool { value == 0xA0 || value == 0x202F || value == 0x2007 }
}
