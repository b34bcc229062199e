import Foundation

extension XML.Element {
    /// HTML void elements, written `<br />` in serialized XHTML content.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    /// Attributes holding a URL: resolved against the element's own base while serializing, so
    /// nested `xml:base` inside XHTML content is honoured (XML Base §4.2).
    private static let urlAttributes: Set<String> = ["href", "src", "cite", "poster"]

    /// The element's children serialized as markup (the content of an Atom `type="xhtml"` div).
    /// Local names only; relative `href`/`src` made absolute against each element's base.
    var innerXML: String {
        var out = ""
        for node in children { Self.write(node, to: &out) }
        return out
    }

    private static func write(_ node: XML.Node, to out: inout String) {
        switch node {
        case .text(let text):
            out += escape(text, quotes: false)
        case .element(let element):
            out += "<" + element.name
            for attribute in element.attributes {
                let name: String
                switch attribute.namespace {
                case nil: name = attribute.name
                case Namespace.xml?: name = "xml:" + attribute.name
                default: continue
                }
                var value = attribute.value
                if urlAttributes.contains(name), let base = element.base,
                   let resolved = URL(string: value.trimmingSpaces(), relativeTo: base) {
                    value = resolved.absoluteString
                }
                out += " \(name)=\"\(escape(value, quotes: true))\""
            }
            if element.children.isEmpty, voidElements.contains(element.name) {
                out += " />"
                return
            }
            out += ">"
            for child in element.children { write(child, to: &out) }
            out += "</\(element.name)>"
        }
    }

    /// Escapes `&`, `<`, `>` (and `"` when `quotes`) for markup. Runs without them are copied
    /// whole (and a string without any is returned as it is).
    static func escape(_ text: String, quotes: Bool) -> String {
        var text = text
        let escaped = text.withUTF8 { bytes -> String? in
            guard let base = bytes.baseAddress else { return nil }
            let count = bytes.count
            var out: [UInt8] = []
            var runStart = 0
            while true {
                let index = WordScan.firstSpecial(base, from: runStart, count: count, mayHold: { word in
                    WordScan.has(word, UInt8(ascii: "&")) | WordScan.has(word, UInt8(ascii: "<"))
                        | WordScan.has(word, UInt8(ascii: ">")) | (quotes ? WordScan.has(word, UInt8(ascii: "\"")) : 0) != 0
                }, isSpecial: { byte in
                    byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                        || (quotes && byte == UInt8(ascii: "\""))
                })
                if index == count, runStart == 0 { return nil }  // nothing to escape
                if out.isEmpty { out.reserveCapacity(count + 16) }
                out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                guard index < count else { break }
                switch base[index] {
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                default: out.append(contentsOf: "&quot;".utf8)
                }
                runStart = index + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? text
    }
}
