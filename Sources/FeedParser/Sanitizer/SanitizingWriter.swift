import Foundation

/// Walks libxml2's tree of a parsed fragment in place and writes what `SanitizerPolicy` allows:
/// allowed elements with their checked attributes, unknown elements unwrapped (their children
/// kept), dropped elements gone with their content, text escaped. Every element written is closed,
/// so the output is well-formed. Writes UTF-8 bytes; no intermediate tree is built.
struct SanitizingWriter {
    let base: URL?
    /// The UTF-8 bytes written so far.
    private(set) var output: [UInt8] = []
    /// Nesting of written `a` elements: a link inside a link is unwrapped (HTML forbids it and
    /// browsers would restructure the tree).
    private var linkDepth = 0

    init(base: URL?, capacity: Int) {
        self.base = base
        output.reserveCapacity(capacity)
    }

    /// Writes plain text (no markup), escaped.
    mutating func writeText(_ text: String) {
        HTMLEscaping.appendText(text, to: &output)
    }

    /// Writes a sibling list of the fragment's tree. While `transparent` (the document level), the
    /// scaffolding `html` and `body` is unwrapped and `head` skipped, wherever libxml2 put fragment
    /// content. Elements at `HTMLFragmentParser.maximumDepth` and deeper are flattened to their
    /// text, so hostile nesting cannot exhaust the stack.
    mutating func write(_ first: HTMLFragmentNode?, transparent: Bool = true, depth: Int = 0) {
        var cursor = first
        while let node = cursor {
            cursor = node.next
            switch node.kind {
            case .element:
                let name = node.name
                if transparent, name == "html" || name == "body" {
                    write(node.firstChild, transparent: true, depth: depth)
                } else if transparent, name == "head" {
                    continue
                } else if depth >= HTMLFragmentParser.maximumDepth {
                    node.forEachDescendantText { HTMLEscaping.appendText($0, to: &output) }
                } else {
                    writeElement(node, name: name, depth: depth)
                }
            case .text:
                node.withContent { HTMLEscaping.appendText($0, to: &output) }
            case .other:
                continue  // comments, PIs, CDATA, DTD nodes: dropped
            }
        }
    }

    private mutating func writeElement(_ node: HTMLFragmentNode, name: String, depth: Int) {
        let rule = ElementRule.table[name]
        if rule?.action == .drop || name == "br" && endsWithTwoBreaks { return }
        guard let rule, !(name == "a" && linkDepth > 0) else {
            write(node.firstChild, transparent: false, depth: depth + 1)
            return
        }
        let kept = Self.filter(node, allowed: rule.attributes, base: base)
        if let required = rule.required, !kept.contains(where: { required.contains($0.name) }) {
            if rule.isVoid { write(node.firstChild, transparent: false, depth: depth + 1) }  // see SanitizerPolicy.droppedVoid
            return
        }
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        for attribute in kept { writeAttribute(attribute) }
        if !rule.forced.isEmpty, !(name == "a" && !kept.contains(where: { $0.name == "href" })) {
            // A link without a target needs no rel.
            for attribute in rule.forced where !kept.contains(where: { $0.name == attribute.name }) {
                writeAttribute(attribute)
            }
        }
        output.append(UInt8(ascii: ">"))
        if rule.isVoid {
            write(node.firstChild, transparent: false, depth: depth + 1)  // see SanitizerPolicy.droppedVoid
            return
        }
        if name == "a" { linkDepth += 1 }
        write(node.firstChild, transparent: false, depth: depth + 1)
        if name == "a" { linkDepth -= 1 }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
    }

    private mutating func writeAttribute(_ attribute: (name: String, value: String?)) {
        output.append(UInt8(ascii: " "))
        output.append(contentsOf: attribute.name.utf8)
        if let value = attribute.value {
            output.append(contentsOf: "=\"".utf8)
            HTMLEscaping.appendAttribute(value, to: &output)
            output.append(UInt8(ascii: "\""))
        }
    }

    /// The element's attributes that are allowed and whose value passes its check, in source
    /// order, first occurrence of each name only. Values of attributes that are not allowed are
    /// never read.
    private static func filter(_ node: HTMLFragmentNode, allowed: [String: SanitizerPolicy.Value],
                               base: URL?) -> [(name: String, value: String?)] {
        var kept: [(name: String, value: String?)] = []
        var cursor = node.firstAttribute
        while let attribute = cursor {
            cursor = attribute.next
            let name = attribute.name
            guard let rule = allowed[name], !kept.contains(where: { $0.name == name }),
                  let value = AttributeCheck.check(attribute.value, rule: rule, base: base) else { continue }
            kept.append((name, value))
        }
        return kept
    }
}
