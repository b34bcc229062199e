import Foundation
import PlanetBase

extension XML.Element {
    /// HTML void elements, written `<br />` in serialized XHTML content.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"
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
                    let resolved = URL(string: value.trimmingSpaces(), relativeTo: base)
                {
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

    /// Escapes `&`, `<`, `>` (and `"` when `quotes`) for markup, without the characters XML 1.0
    /// forbids (`MarkupEscaping.text`, `.attribute`).
    static func escape(_ text: String, quotes: Bool) -> String {
        (quotes ? MarkupEscaping.attribute : MarkupEscaping.text).escaped(text)
    }
}
