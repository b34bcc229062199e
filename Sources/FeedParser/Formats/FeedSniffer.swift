import Foundation
import PlanetBase

/// Format detection by document content, and the small byte-level steps before parsing.
enum FeedSniffer {
    /// The first character that is not white space (space, tab, LF, CR), when it is ASCII; nil
    /// for a blank document. The text is read in the encoding its byte order mark names (UTF-8,
    /// UTF-16 LE/BE, UTF-32 LE/BE: Unicode §23.8), else byte by byte, so that `{` starts a JSON
    /// Feed in any of them. A non-ASCII first character is returned as 0x80.
    static func firstSignificantByte(_ data: Data) -> UInt8? {
        data.withUnsafeBytes { raw -> UInt8? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            var width = 1
            var bigEndian = false
            if let mark = ByteOrderMark.detect(bytes), mark.length > 0 {
                index = mark.length
                width = mark.charset.isWide ? (mark.charset.name.hasPrefix("utf-16") ? 2 : 4) : 1
                bigEndian = mark.charset.name.hasSuffix("be")
            }
            while index + width <= bytes.count {
                var unit: UInt32 = 0
                for offset in 0..<width {
                    unit = unit << 8 | UInt32(bytes[index + (bigEndian ? offset : width - 1 - offset)])
                }
                if unit != 0x20 && unit != 0x09 && unit != 0x0A && unit != 0x0D {
                    return unit < 0x80 ? UInt8(unit) : 0x80
                }
                index += width
            }
            return nil
        }
    }

    /// True when the document starts with a UTF-16 or UTF-32 byte order mark.
    static func wideByteOrderMark(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            guard let mark = ByteOrderMark.detect(raw.bindMemory(to: UInt8.self)) else { return false }
            return mark.length > 0 && mark.charset.isWide
        }
    }

    /// UTF-8 XML with the BOM and whitespace before the first `<` removed: an XML declaration is
    /// only recognized at the very start (XML 1.0 §2.8), and real feeds put newlines before it.
    static func trimmedXML(_ data: Data) -> Data {
        var index = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while index < data.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(data[index]) { index += 1 }
        return index == data.startIndex ? data : data.subdata(in: index..<data.endIndex)
    }

    /// True when the document starts like an HTML page (doctype or `<html`).
    static func looksLikeHTML(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(512), as: UTF8.self).lowercased()
        return head.contains("<!doctype html") || head.contains("<html")
    }

    /// The format named by the root element: `rss` (by `version`), `rdf:RDF` (by the namespace of
    /// its channel), `feed` (by the Atom namespace).
    static func format(of root: XML.Element) -> Feed.Format? {
        switch root.namespace == nil && root.name.lowercased() == "rss" ? "rss" : root.name {
        case "rss":
            let version = root.attribute("version")?.trimmingSpaces() ?? ""
            return version.hasPrefix("0.9") ? .rss09x : .rss20
        case "RDF" where root.namespace == Namespace.rdf:
            // An rdf:RDF with no element at all (a feed emptied, its channel gone too) is an
            // empty RSS 1.0 feed; one holding other RDF (FOAF, DOAP) is not a feed.
            let elements = root.elements
            let namespaces = Set(elements.map(\.namespace))
            if namespaces.contains(Namespace.rss090) { return .rss09x }
            return namespaces.contains(Namespace.rss10) || elements.isEmpty ? .rss10 : nil
        case "feed":
            if root.namespace == Namespace.atom03 { return .atom03 }
            return .atom10
        default:
            return nil
        }
    }

    /// libxml2 diagnostics as warnings: "line N: message", identical messages merged, at most 20.
    static func summarize(_ diagnostics: [LibXML2.Diagnostic]) -> [String] {
        var seen = Set<String>()
        var lines: [String] = []
        var dropped = 0
        for diagnostic in diagnostics {
            guard seen.insert(diagnostic.message).inserted else { continue }
            if lines.count < 20 {
                lines.append("line \(diagnostic.line): \(diagnostic.message)")
            } else {
                dropped += 1
            }
        }
        if dropped > 0 { lines.append("\(dropped) more XML errors not listed") }
        return lines
    }
}
