/// The common case of `URLPolicy`, decided on bytes without Foundation's `URL`: an absolute http
/// or https URL written in plain RFC 3986 characters, which `URL(string:)` accepts and prints back
/// unchanged. Anything else (other schemes, relative references, spaces, non-ASCII, brackets,
/// user info, odd ports) returns nil here and takes `URLPolicy`'s general path, so the results
/// are the same; `URLFastPathTests` compares the two.
enum URLFastPath {
    /// `raw` itself when it is such a URL and needs no clean-up, else nil.
    static func plainHTTP(_ raw: String) -> String? {
        var raw = raw
        let ok = raw.withUTF8 { bytes -> Bool in
            var index: Int
            if starts(bytes, with: "https://") {
                index = 8
            } else if starts(bytes, with: "http://") {
                index = 7
            } else {
                return false
            }
            // Host: lowercase letters, digits, '-' and '.', not empty; then an optional ":digits".
            let hostStart = index
            while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
            guard index > hostStart else { return false }
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { return false }
            guard index == bytes.count || bytes[index] == UInt8(ascii: "/") else { return false }
            var sawFragment = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                        return false
                    }
                    index += 3
                    continue
                }
                if byte == UInt8(ascii: "#") {
                    if sawFragment { return false }
                    sawFragment = true
                } else if !isPathByte(byte) {
                    return false
                }
                index += 1
            }
            return true
        }
        return ok ? raw : nil
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        let start = prefix.utf8Start
        for offset in 0..<prefix.utf8CodeUnitCount where bytes[offset] != start[offset] { return false }
        return true
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// RFC 3986 pchar, '/' and '?' (unreserved, sub-delims, ':', '@'), '%' handled apart.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }
}
