import Foundation

/// The bytes of a document converted to UTF-8, with what the conversion had to repair.
struct DecodedDocument: Sendable, Equatable {
    /// The document as UTF-8 bytes; for XML, the XML declaration says `encoding="UTF-8"` (or none).
    var utf8: Data
    /// The encoding the source bytes were read as, e.g. "windows-1251" (IANA name, lowercased).
    var sourceEncoding: String
    /// Repairs made (invalid bytes replaced, conflicting declarations), empty when clean.
    var warnings: [String]

    /// Creates a decoded document with the given fields; no warnings by default.
    init(utf8: Data, sourceEncoding: String, warnings: [String] = []) {
        self.utf8 = utf8
        self.sourceEncoding = sourceEncoding
        self.warnings = warnings
    }
}

/// Finds a document's character encoding and converts it to UTF-8.
///
/// Precedence for XML (RFC 7303 §3, adjusted to the real web as liberal readers do):
/// 1. A byte-order mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE), or the `<?` of a BOM-less UTF-16/32
///    declaration (XML 1.0 Appendix F.1).
/// 2. The `charset` of an XML media type (`text/xml`, `application/xml`, `*+xml`), which RFC 7303
///    §3 makes authoritative over the declaration; a disagreement is reported as a warning.
/// 3. The XML declaration's `encoding`.
/// 4. The `charset` of a non-XML media type (`text/html`, `text/plain`: servers that mislabel a
///    feed's type still tend to name its charset).
/// 5. UTF-8, the XML default (XML 1.0 §4.3.3).
///
/// The bytes then get the last word over labels that cannot be true:
/// - labelled (or defaulted to) UTF-8 but no valid multi-byte UTF-8 sequence at all: the
///   encoding is detected (`EncodingDetector`: windows-1252, windows-1251, KOI8-R, EUC-JP,
///   Shift_JIS, GB18030, Big5), or the declaration is used when the Content-Type was the liar;
/// - labelled UTF-8 with some invalid bytes among valid UTF-8: each invalid byte is read as
///   windows-1252 (a stray Latin-1 byte is the usual cause);
/// - labelled with a legacy encoding but the bytes are valid UTF-8 with non-ASCII text: UTF-8
///   (a legacy text is practically never valid UTF-8 by accident; the label is a stale default);
/// - bytes invalid in the chosen encoding become U+FFFD; C0 controls that XML 1.0 §2.2 forbids
///   become U+FFFD. Every such repair adds a warning; nothing is fatal.
///
/// Labels are read as their browser supersets (see `Charset`): iso-8859-1 is windows-1252,
/// GB2312 is GB18030, Shift_JIS is CP932, Big5 is Big5-HKSCS. Conversion uses iconv.
enum DocumentDecoder {
    /// Decodes an XML document to UTF-8 that libxml2 reads as such.
    ///
    /// The output has no BOM, no whitespace before the first `<` (libxml2 refuses an XML
    /// declaration that is not at offset 0) and, when the source was not UTF-8, a declaration
    /// rewritten to `encoding="UTF-8"`. When the input is already clean UTF-8 that needs none of
    /// this, the same `Data` is returned without a copy.
    /// - Parameters:
    ///   - data: raw bytes as fetched.
    ///   - contentType: the HTTP `Content-Type` header, if the bytes came over HTTP.
    /// - Returns: the UTF-8 document, the encoding it was read as, and repair warnings.
    static func decodeXML(_ data: Data, contentType: String?) -> DecodedDocument {
        let type = contentType.map(ContentType.init)
        return data.withUnsafeBytes { raw -> DecodedDocument in
            let bytes = raw.bindMemory(to: UInt8.self)
            let choice = EncodingChoice.forXML(bytes, contentType: type)
            return Conversion.run(data, bytes, choice: choice, xml: true)
        }
    }

    /// Decodes a text document (JSON Feed, HTML) to UTF-8.
    ///
    /// Precedence: BOM; the `charset` of any media type; for HTML (first non-space byte `<`) a
    /// `<meta charset>` or `<meta http-equiv content="...; charset=...">` in the first 1024
    /// bytes (WHATWG HTML "prescan"); then UTF-8 (RFC 8259 §8.1 for JSON), with the same
    /// repairs and detection as `decodeXML`. The text is otherwise unchanged (BOM dropped).
    static func decodeText(_ data: Data, contentType: String?) -> DecodedDocument {
        let type = contentType.map(ContentType.init)
        return data.withUnsafeBytes { raw -> DecodedDocument in
            let bytes = raw.bindMemory(to: UInt8.self)
            let choice = EncodingChoice.forText(bytes, contentType: type)
            return Conversion.run(data, bytes, choice: choice, xml: false)
        }
    }
}
