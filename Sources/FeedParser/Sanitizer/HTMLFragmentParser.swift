import CLibXML2
import Glibc

/// A node of a parsed HTML fragment: the sanitizer's view of libxml2's tree, with no C types.
enum HTMLNode: Sendable {
    /// An element: name and attribute names as libxml2's HTML parser gives them (lowercase),
    /// attributes in source order (values entity-decoded), children.
    case element(name: String, attributes: [(name: String, value: String)], children: [HTMLNode])
    /// Character data, entity-decoded.
    case text(String)
}

/// The one place that talks to libxml2's HTML parser (libxml2 HTMLparser.h). Parses a fragment
/// leniently (recover, no network, no error output) and either lends libxml2's tree in place
/// (`withFragment`, what the sanitizer walks) or copies it into `HTMLNode` values (`parse`, for
/// audits and tests). Comments, processing instructions and CDATA are not copied.
enum HTMLFragmentParser {
    /// Parses `html` as the content of a `<body>` and returns the body's children as values.
    /// Never fails: libxml2 recovers from any input; an unusable document yields no nodes.
    static func parse(_ html: String) -> [HTMLNode] {
        withFragment(html) { first in children(of: first, transparent: true, depth: 0) }
    }

    /// Parses `html` as the content of a `<body>` and calls `body` with the first top-level node
    /// of libxml2's tree (the document's first child: walk it with `transparent` rules, see
    /// `children(of:transparent:depth:)`), nil when nothing could be read. The tree is freed when
    /// `body` returns.
    static func withFragment<R>(_ html: String, _ body: (HTMLFragmentNode?) -> R) -> R {
        _ = LibXML.initialized
        // The wrapper gives libxml2 a document whose body holds exactly the fragment. The bytes are
        // UTF-8, libxml2's own encoding: no encoding is named (naming "UTF-8" makes libxml2 copy
        // the input through its UTF-8 "converter", byte by byte) and HTML_PARSE_IGNORE_ENC keeps a
        // <meta charset> inside the fragment from changing the decoding.
        // libxml2 stops reading at a NUL byte; HTML replaces NUL with U+FFFD (HTML Living Standard
        // §13.2.5), and so do we, so nothing after a NUL can hide from the sanitizer or get lost.
        // A doctype inside the fragment is removed, as HTML ignores it (`FragmentDoctype`).
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue
                | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NOIMPLIED.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(html.utf8.count + prefix.count + suffix.count + 8)
        bytes.append(contentsOf: prefix)
        appendReplacingNUL(FragmentDoctype.removing(from: html), to: &bytes)
        bytes.append(contentsOf: suffix)
        let count = Int32(clamping: bytes.count)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, count, nil, nil, options)
            }
        }
        guard let document else { return body(nil) }
        defer { xmlFreeDoc(document) }
        return body(document.pointee.children.map(HTMLFragmentNode.init))
    }

    private static let prefix = Array("<!DOCTYPE html><html><head></head><body>".utf8)
    private static let suffix = Array("</body></html>".utf8)

    /// Appends the UTF-8 of `html`, each NUL byte replaced by U+FFFD.
    private static func appendReplacingNUL(_ html: String, to bytes: inout [UInt8]) {
        var html = html
        html.withUTF8 { utf8 in
            guard let base = utf8.baseAddress, memchr(base, 0, utf8.count) != nil else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                if byte == 0 { bytes.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { bytes.append(byte) }
            }
        }
    }

    /// Elements nested deeper than this are flattened to their text, so hostile nesting cannot
    /// exhaust the stack of the recursive copy or of the serializer, nor draw outside its entry
    /// (60 nested blockquotes reached 1,600 px past the entry card; nested `h1`s Chrome's
    /// 10,000 px font-size clamp). Real posts nest a dozen levels at most.
    static let maximumDepth = 32

    /// Copies a sibling list. While `transparent`, the document scaffolding (`html`, `body`) is
    /// unwrapped and `head` is skipped, wherever libxml2 happened to put fragment content.
    private static func children(of first: HTMLFragmentNode?, transparent: Bool, depth: Int) -> [HTMLNode] {
        var nodes: [HTMLNode] = []
        var cursor = first
        while let node = cursor {
            cursor = node.next
            switch node.kind {
            case .element:
                let name = node.name
                if transparent, name == "html" || name == "body" {
                    nodes += children(of: node.firstChild, transparent: true, depth: depth)
                } else if transparent, name == "head" {
                    continue
                } else if depth >= maximumDepth {
                    var text: [UInt8] = []
                    node.forEachDescendantText { text.append(contentsOf: $0) }
                    nodes.append(.text(String(decoding: text, as: UTF8.self)))
                } else {
                    var attributes: [(name: String, value: String)] = []
                    var attribute = node.firstAttribute
                    while let current = attribute {
                        attributes.append((current.name, current.value))
                        attribute = current.next
                    }
                    nodes.append(
                        .element(
                            name: name, attributes: attributes,
                            children: children(
                                of: node.firstChild, transparent: false,
                                depth: depth + 1)))
                }
            case .text:
                nodes.append(.text(node.withContent { String(decoding: $0, as: UTF8.self) }))
            case .other:
                continue  // comments, PIs, CDATA, DTD nodes: dropped
            }
        }
        return nodes
    }
}
