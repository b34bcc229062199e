/// Which encoding the labels of a document name, before the bytes are checked against it.
struct EncodingChoice {
    var charset: Charset
    /// Bytes of byte-order mark to drop.
    var bomLength = 0
    /// False when nothing named an encoding (UTF-8 by default): the bytes may then be detected.
    var labelled = false
    /// A second label that disagreed and lost (the declaration under an HTTP charset).
    var runnerUp: Charset?
    var warnings: [String] = []

    /// BOM, XML media type charset, declaration, other charset, UTF-8 (see `DocumentDecoder`).
    static func forXML(_ b: UnsafeBufferPointer<UInt8>, contentType: ContentType?) -> EncodingChoice {
        let http = contentType?.charset.flatMap(Charset.named)
        if let bom = ByteOrderMark.detect(b) {
            return fromBOM(bom, http: http)
        }
        var start = 0
        while start < b.count, b[start] == 0x20 || b[start] == 0x09 || b[start] == 0x0A || b[start] == 0x0D {
            start += 1
        }
        var warnings: [String] = []
        var declared = XMLDeclaration(b, at: start)?.encoding(in: b).flatMap(Charset.named)
        if let wide = declared, wide.isWide {
            warnings.append("the XML declaration says '\(wide.name)' but the bytes are 8-bit; declaration ignored")
            declared = nil
        }
        if let http, contentType?.isXML == true, !http.isWide {
            var choice = EncodingChoice(charset: http, labelled: true, warnings: warnings)
            if let declared, declared != http {
                choice.runnerUp = declared
                choice.warnings.append(
                    "Content-Type charset '\(http.name)' overrides the declared encoding "
                        + "'\(declared.name)' (RFC 7303 §3)")
            }
            return choice
        }
        if let declared { return EncodingChoice(charset: declared, labelled: true, warnings: warnings) }
        if let http, !http.isWide { return EncodingChoice(charset: http, labelled: true, warnings: warnings) }
        return EncodingChoice(charset: .utf8, warnings: warnings)
    }

    /// BOM, any charset, HTML meta prescan, UTF-8.
    static func forText(_ b: UnsafeBufferPointer<UInt8>, contentType: ContentType?) -> EncodingChoice {
        let http = contentType?.charset.flatMap(Charset.named)
        if let bom = ByteOrderMark.detect(b), bom.length > 0 {
            return fromBOM(bom, http: http)
        }
        if let http, !http.isWide { return EncodingChoice(charset: http, labelled: true) }
        if let meta = HTMLMetaCharset.prescan(b).flatMap(Charset.named), !meta.isWide {
            return EncodingChoice(charset: meta, labelled: true)
        }
        return EncodingChoice(charset: .utf8)
    }

    private static func fromBOM(_ bom: (charset: Charset, length: Int), http: Charset?) -> EncodingChoice {
        var choice = EncodingChoice(charset: bom.charset, bomLength: bom.length, labelled: true)
        if let http, !bom.charset.name.hasPrefix(http.name), !(http.isWide && bom.charset.isWide) {
            choice.warnings.append(
                "the byte-order mark says '\(bom.charset.name)'; Content-Type charset "
                    + "'\(http.name)' ignored (RFC 7303 §3.3)")
        }
        return choice
    }
}
