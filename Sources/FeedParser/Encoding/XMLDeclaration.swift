/// The XML declaration (XML 1.0 §2.8 `<?xml version="1.0" encoding="..."?>`) at the start of a
/// document, located on ASCII-compatible bytes.
struct XMLDeclaration {
    /// Byte range of the whole declaration, `<?xml` through `?>`.
    var range: Range<Int>
    /// Byte range of the encoding name between its quotes, if the declaration has one.
    var encodingRange: Range<Int>?

    /// Finds a declaration starting exactly at `start`; nil if there is none.
    init?(_ b: UnsafeBufferPointer<UInt8>, at start: Int) {
        let prefix: [UInt8] = Array("<?xml".utf8)
        guard b.count >= start + 6 else { return nil }
        for k in 0..<5 where b[start + k] != prefix[k] { return nil }
        guard b[start + 5] == 0x20 || b[start + 5] == 0x09 || b[start + 5] == 0x0A || b[start + 5] == 0x0D
        else { return nil }
        let limit = min(b.count, start + 512)
        var end = start + 5
        while end + 1 < limit, !(b[end] == 0x3F && b[end + 1] == 0x3E) { end += 1 }
        guard end + 1 < limit else { return nil }
        range = start..<end + 2
        encodingRange = XMLDeclaration.findEncoding(b, in: start + 5..<end)
    }

    /// The pseudo-attribute `encoding = "name"` (either quote) inside the declaration.
    private static func findEncoding(_ b: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Range<Int>? {
        let name: [UInt8] = Array("encoding".utf8)
        var i = range.lowerBound
        while i + name.count <= range.upperBound {
            var matches = true
            for k in 0..<name.count where b[i + k] != name[k] { matches = false }
            guard matches else {
                i += 1
                continue
            }
            var j = i + name.count
            while j < range.upperBound, b[j] == 0x20 || b[j] == 0x09 { j += 1 }
            guard j < range.upperBound, b[j] == 0x3D else { return nil }
            j += 1
            while j < range.upperBound, b[j] == 0x20 || b[j] == 0x09 { j += 1 }
            guard j < range.upperBound, b[j] == 0x22 || b[j] == 0x27 else { return nil }
            let quote = b[j]
            let valueStart = j + 1
            var valueEnd = valueStart
            while valueEnd < range.upperBound, b[valueEnd] != quote { valueEnd += 1 }
            return valueEnd < range.upperBound ? valueStart..<valueEnd : nil
        }
        return nil
    }

    /// The declared encoding label, e.g. "ISO-8859-1".
    func encoding(in b: UnsafeBufferPointer<UInt8>) -> String? {
        encodingRange.map { String(decoding: UnsafeBufferPointer(rebasing: b[$0]), as: UTF8.self) }
    }

    /// True when the declared label already means UTF-8 (or there is none), so libxml2 reads the
    /// converted bytes correctly without a rewrite.
    func saysUTF8(in b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let label = encoding(in: b)?.lowercased() else { return true }
        return label == "utf-8" || label == "utf8"
    }
}
