import Foundation

/// The bytes of a document converted to UTF-8, with what the conversion had to repair.
public struct DecodedDocument: Sendable, Equatable {
    /// The document as UTF-8 bytes; for XML, the XML declaration says `encoding="UTF-8"` (or none).
    public var utf8: Data
    /// The encoding the source bytes were read as, e.g. "windows-1251" (IANA name, lowercased).
    public var sourceEncoding: String
    /// Repairs made (invalid bytes replaced, conflicting declarations), empty when clean.
    public var warnings: [String]

    public init(utf8: Data, sourceEncoding: String, warnings: [String] = []) {
        self.utf8 = utf8
        self.sourceEncoding = sourceEncoding
        self.warnings = warnings
    }
}

/// Finds a document's character encoding and converts it to UTF-8. STUB: passes bytes through.
public enum DocumentDecoder {
    /// Decodes an XML document: BOM, then HTTP charset (RFC 7303 §3), then the XML declaration,
    /// then detection, then UTF-8.
    /// - Parameters:
    ///   - data: raw bytes as fetched.
    ///   - contentType: the HTTP `Content-Type` header, if the bytes came over HTTP.
    public static func decodeXML(_ data: Data, contentType: String?) -> DecodedDocument {
        DecodedDocument(utf8: data, sourceEncoding: "utf-8")
    }
}
