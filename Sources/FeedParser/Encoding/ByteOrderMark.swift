/// Encoding signatures at the start of a document: the byte-order marks (Unicode §23.8,
/// RFC 7303 §3.3, XML 1.0 Appendix F.1) and, without a BOM, the `<?` of a UTF-16 or UTF-32
/// XML declaration.
enum ByteOrderMark {
    /// The encoding a document's first bytes announce, and how many bytes of BOM to drop.
    static func detect(_ b: UnsafeBufferPointer<UInt8>) -> (charset: Charset, length: Int)? {
        func starts(_ prefix: [UInt8]) -> Bool {
            b.count >= prefix.count && zip(b, prefix).allSatisfy { $0 == $1 }
        }
        if starts([0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LE, 4) }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BE, 4) }
        if starts([0xFF, 0xFE]) { return (.utf16LE, 2) }
        if starts([0xFE, 0xFF]) { return (.utf16BE, 2) }
        if starts([0x3C, 0x00, 0x00, 0x00]) { return (.utf32LE, 0) }
        if starts([0x00, 0x00, 0x00, 0x3C]) { return (.utf32BE, 0) }
        if starts([0x3C, 0x00, 0x3F, 0x00]) { return (.utf16LE, 0) }
        if starts([0x00, 0x3C, 0x00, 0x3F]) { return (.utf16BE, 0) }
        return nil
    }
}
