import CLibXML2

/// A node of a parsed HTML fragment: the sanitizer's view of libxml2's tree, with no C types.
enum HTMLNode: Sendable {
    /// An element: name and attribute names as libxml2's HTML parser gives them (lowercase),
    /// attributes in source order (values entity-decoded), children.
    case element(name: String, attributes: [(name: String, value: String)], children: [HTMLNode])
    /// Character data, entity-decoded.
    case text(String)
}

/// The one place that talks to libxml2's HTML parser (libxml2 HTMLparser.h). Parses a fragment
/// leniently (recover, no network, no error output) and copies the tree into `HTMLNode` values.
/// Comments, processing instructions and CDATA are not copied.
enum HTMLFragmentParser {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses `html` as the content of a `<body>` and returns the body's children.
    /// Never fails: libxml2 recovers from any input; an unusable document yields no nodes.
    static func parse(_ html: String) -> [HTMLNode] {
        _ = initialized
        // The wrapper gives libxml2 a document whose body holds exactly the fragment; the charset is
        // passed explicitly so a <meta charset> inside the fragment cannot change the decoding.
        // libxml2 stops reading at a NUL byte; HTML replaces NUL with U+FFFD (HTML Living Standard
        // §13.2.5), and so do we, so nothing after a NUL can hide from the sanitizer or get lost.
        let fragment = html.utf8.contains(0) ? html.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : html
        let wrapped = "<!DOCTYPE html><html><head></head><body>" + fragment + "</body></html>"
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue
            | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NOIMPLIED.rawValue | HTML_PARSE_COMPACT.rawValue)
        var bytes = Array(wrapped.utf8)
        let count = Int32(clamping: bytes.count)
        let document = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, count, nil, "UTF-8", options)
            }
        }
        guard let document else { return [] }
        defer { xmlFreeDoc(document) }
        return children(of: document.pointee.children, transparent: true, depth: 0)
    }

    /// Elements nested deeper than this are flattened to their text, so hostile nesting cannot
    /// exhaust the stack of the recursive copy or of the serializer.
    static let maximumDepth = 128

    /// Copies a sibling list. While `transparent`, the document scaffolding (`html`, `body`) is
    /// unwrapped and `head` is skipped, wherever libxml2 happened to put fragment content.
    private static func children(of first: xmlNodePtr?, transparent: Bool, depth: Int) -> [HTMLNode] {
        var nodes: [HTMLNode] = []
        var cursor = first
        while let node = cursor {
            cursor = node.pointee.next
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let name = String(cString: node.pointee.name)
                if transparent, name == "html" || name == "body" {
                    nodes += children(of: node.pointee.children, transparent: true, depth: depth)
                } else if transparent, name == "head" {
                    continue
                } else if depth >= maximumDepth {
                    nodes.append(.text(flatText(of: node)))
                } else {
                    nodes.append(.element(name: name, attributes: attributes(of: node),
                                          children: children(of: node.pointee.children, transparent: false,
                                                                    depth: depth + 1)))
                }
            case XML_TEXT_NODE:
                if let content = node.pointee.content {
                    nodes.append(.text(String(cString: content)))
                }
            default:
                continue  // comments, PIs, CDATA, DTD nodes: dropped
            }
        }
        return nodes
    }

    /// The text of a subtree in document order, walked without recursion.
    private static func flatText(of root: xmlNodePtr) -> String {
        var text = ""
        var cursor = root.pointee.children
        while let node = cursor {
            if node.pointee.type == XML_TEXT_NODE, let content = node.pointee.content {
                text += String(cString: content)
            }
            if node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children {
                cursor = child
                continue
            }
            var climb: xmlNodePtr? = node
            while let current = climb, current != root, current.pointee.next == nil {
                climb = current.pointee.parent
            }
            guard let current = climb, current != root else { break }
            cursor = current.pointee.next
        }
        return text
    }

    private static func attributes(of node: xmlNodePtr) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var cursor = node.pointee.properties
        while let attribute = cursor {
            cursor = attribute.pointee.next
            var value = ""
            var child = attribute.pointee.children
            while let text = child {
                if let content = text.pointee.content { value += String(cString: content) }
                child = text.pointee.next
            }
            result.append((String(cString: attribute.pointee.name), value))
        }
        return result
    }
}
