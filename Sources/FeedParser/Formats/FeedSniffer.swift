import Foundation
import PlanetBase

/// Format detection by document content, and the small byte-level steps before parsing.
enum FeedSniffer {
    /// The first byte that is not whitespace or a UTF-8 byte order mark; nil for a blank document.
    static func firstSignificantByte(_ data: Data) -> UInt8? {
        var index = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while index < data.endIndex {
            let byte = data[index]
            if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return byte }
            index += 1
        }
        return nil
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
        switch root.name {
        case "rss":
            let version = root.attribute("version")?.trimmingSpaces() ?? ""
            return version.hasPrefix("0.9") ? .rss09x : .rss20
        case "RDF" where root.namespace == Namespace.rdf:
            let namespaces = Set(root.elements.map(\.namespace))
            if namespaces.contains(Namespace.rss090) { return .rss09x }
            return namespaces.contains(Namespace.rss10) ? .rss10 : nil
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
