import CLibXML2
import Glibc

/// A node of the libxml2 tree of a parsed fragment, read in place: no copy of names, text or
/// structure. Valid only inside the closure of `HTMLFragmentParser.withFragment`, which owns the
/// document; the sanitizer walks it once and writes its output directly.
struct HTMLFragmentNode: Equatable {
    enum Kind { case element, text, other }

    private let node: xmlNodePtr

    init(_ node: xmlNodePtr) {
        self.node = node
    }

    /// Element, text, or anything else (comment, PI, CDATA, DTD: never written).
    var kind: Kind {
        switch node.pointee.type {
        case XML_ELEMENT_NODE: return .element
        case XML_TEXT_NODE: return .text
        default: return .other
        }
    }

    var next: HTMLFragmentNode? { node.pointee.next.map(HTMLFragmentNode.init) }
    var firstChild: HTMLFragmentNode? { node.pointee.children.map(HTMLFragmentNode.init) }
    var firstAttribute: HTMLFragmentAttribute? { node.pointee.properties.map(HTMLFragmentAttribute.init) }

    /// The element name as libxml2's HTML parser gives it (lowercase).
    var name: String { node.pointee.name.map { String(cString: $0) } ?? "" }

    /// What the sanitizer's tables say about this element's name (`ElementEntry`), found without
    /// making a String; nil for a name they do not hold (an unknown element).
    var element: ElementEntry? { ElementEntry.of(node.pointee.name) }

    /// The UTF-8 bytes of a text node's (entity-decoded) content; empty for other nodes.
    func withContent<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let content = node.pointee.content else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: content, count: strlen(content)))
    }

    /// Calls `body` with the content of every text node below this one, in document order, walked
    /// without recursion (for subtrees nested too deep to be written as elements).
    func forEachDescendantText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let root = node
        var cursor = root.pointee.children
        while let current = cursor {
            if current.pointee.type == XML_TEXT_NODE, current.pointee.content != nil {
                HTMLFragmentNode(current).withContent(body)
            }
            if current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                cursor = child
                continue
            }
            var climb: xmlNodePtr? = current
            while let up = climb, up != root, up.pointee.next == nil {
                climb = up.pointee.parent
            }
            guard let up = climb, up != root else { break }
            cursor = up.pointee.next
        }
    }
}

/// An attribute of an `HTMLFragmentNode`, read in place.
struct HTMLFragmentAttribute {
    private let attribute: xmlAttrPtr

    init(_ attribute: xmlAttrPtr) {
        self.attribute = attribute
    }

    var next: HTMLFragmentAttribute? { attribute.pointee.next.map(HTMLFragmentAttribute.init) }

    /// The attribute name as libxml2's HTML parser gives it (lowercase).
    var name: String { attribute.pointee.name.map { String(cString: $0) } ?? "" }

    /// The name as a table key (`HTMLNameKey`), nil when it is longer than any table's names.
    var nameKey: HTMLNameKey? { attribute.pointee.name.flatMap(HTMLNameKey.init) }

    /// True when the name is exactly the UTF-8 bytes `name` (which hold no NUL), compared in
    /// place: no String is made.
    func isNamed(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let own = attribute.pointee.name else { return name.isEmpty }
        // A mismatch, at the latest at `own`'s terminating NUL, ends the loop before reading past it.
        for index in 0..<name.count where own[index] != name[index] { return false }
        return own[name.count] == 0
    }

    /// The entity-decoded value: the content of the attribute's text children ("" when bare).
    var value: String {
        guard let only = attribute.pointee.children else { return "" }
        if only.pointee.next == nil { return only.pointee.content.map { String(cString: $0) } ?? "" }
        var value = ""
        var child: xmlNodePtr? = only
        while let text = child {
            if let content = text.pointee.content { value += String(cString: content) }
            child = text.pointee.next
        }
        return value
    }
}
