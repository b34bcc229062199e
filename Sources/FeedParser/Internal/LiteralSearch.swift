#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// The UTF-8 offset of the first occurrence of `needle`'s bytes in this string's (`memchr` for
    /// its first byte, then `memcmp`), nil when there is none; 0 for an empty needle.
    ///
    /// A literal search: for the ASCII needles the parser looks for (`&lt;`, `0001-01-01`) it
    /// finds what Foundation's `range(of:)`/`contains(_:)` find, without their bridge to NSString
    /// and CFStringFind (about 9,000 instructions a call on Linux, even on a 30-byte date).
    func utf8Offset(ofLiteral needle: String) -> Int? {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { text in
            needle.withUTF8 { pattern -> Int? in
                guard let first = pattern.first else { return 0 }
                guard text.count >= pattern.count, let start = text.baseAddress, let bytes = pattern.baseAddress else {
                    return nil
                }
                let last = text.count - pattern.count  // the last offset a match can start at
                var offset = 0
                while offset <= last {
                    guard let found = memchr(start + offset, Int32(first), last - offset + 1) else { return nil }
                    offset = UnsafeRawPointer(start).distance(to: UnsafeRawPointer(found))
                    if memcmp(found, bytes, pattern.count) == 0 { return offset }
                    offset += 1
                }
                return nil
            }
        }
    }

    /// Whether `needle`'s UTF-8 bytes occur in this string's (`utf8Offset(ofLiteral:)`).
    func containsLiteral(_ needle: String) -> Bool {
        utf8Offset(ofLiteral: needle) != nil
    }
}
