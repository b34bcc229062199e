/// The charset an HTML document names in a `<meta>` element, found the cheap way the WHATWG
/// HTML "prescan a byte stream" does: within the first 1024 bytes, the first `charset=` after
/// `<meta` (covers `<meta charset="x">` and `<meta http-equiv=... content="text/html; charset=x">`).
enum HTMLMetaCharset {
    static func prescan(_ b: UnsafeBufferPointer<UInt8>) -> String? {
        var first = 0
        while first < b.count, b[first] == 0x20 || b[first] == 0x09 || b[first] == 0x0A || b[first] == 0x0D {
            first += 1
        }
        guard first < b.count, b[first] == 0x3C else { return nil }
        let limit = min(b.count, 1024)
        guard let meta = find(Array("<meta".utf8), in: b, from: first, to: limit),
            let key = find(Array("charset".utf8), in: b, from: meta, to: limit)
        else { return nil }
        var i = key + 7
        while i < limit, b[i] == 0x20 { i += 1 }
        guard i < limit, b[i] == 0x3D else { return nil }
        i += 1
        while i < limit, b[i] == 0x20 || b[i] == 0x22 || b[i] == 0x27 { i += 1 }
        let start = i
        while i < limit, ![0x22, 0x27, 0x20, 0x3B, 0x3E, 0x2F].contains(b[i]) { i += 1 }
        guard i > start else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
    }

    /// Index of the first case-insensitive occurrence of lowercase ASCII `needle` in b[from..<to].
    private static func find(_ needle: [UInt8], in b: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        var i = from
        while i + needle.count <= to {
            var k = 0
            while k < needle.count, b[i + k] | 0x20 == needle[k] || b[i + k] == needle[k] { k += 1 }
            if k == needle.count { return i }
            i += 1
        }
        return nil
    }
}
