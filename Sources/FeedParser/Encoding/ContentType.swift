import Foundation

/// The parts of an HTTP `Content-Type` header (RFC 9110 §8.3) the decoder needs.
struct ContentType {
    /// `type/subtype`, lowercased, e.g. "application/rss+xml".
    var mediaType: String
    /// The `charset` parameter, if any, unquoted.
    var charset: String?

    init(_ header: String) {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        mediaType = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        charset = nil
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: .init(charactersIn: "\"'"))
            charset = value.isEmpty ? nil : value
        }
    }

    /// An XML media type in the sense of RFC 7303 §3: `text/xml`, `application/xml`, or any
    /// `+xml` suffix (RSS, Atom, RDF). For these the `charset` parameter is authoritative.
    var isXML: Bool {
        mediaType == "text/xml" || mediaType == "application/xml" || mediaType.hasSuffix("+xml")
            || mediaType == "text/xml-external-parsed-entity" || mediaType == "application/xml-external-parsed-entity"
    }
}
