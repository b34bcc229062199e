import Foundation

/// Walks a parsed fragment and writes what `SanitizerPolicy` allows: allowed elements with their
/// checked attributes, unknown elements unwrapped (their children kept), dropped elements gone with
/// their content, text escaped. Every element written is closed, so the output is well-formed.
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

    mutating func write(_ nodes: [HTMLNode]) {
        for node in nodes {
            switch node {
            case .text(let text):
                HTMLEscaping.appendText(text, to: &output)
            case .element(let name, let attributes, let children):
                writeElement(name, attributes: attributes, children: children)
            }
        }
    }

    private mutating func writeElement(_ name: String, attributes: [(name: String, value: String)],
                                       children: [HTMLNode]) {
        if SanitizerPolicy.dropped.contains(name) { return }
        guard let allowed = SanitizerPolicy.elements[name], !(name == "a" && linkDepth > 0),
              !SanitizerPolicy.droppedVoid.contains(name) else {
            write(children)
            return
        }
        let kept = Self.filter(attributes, allowed: allowed, base: base)
        let isVoid = SanitizerPolicy.void.contains(name)
        if let required = SanitizerPolicy.required[name],
           !kept.contains(where: { required.contains($0.name) }) {
            if isVoid { write(children) }  // see SanitizerPolicy.droppedVoid
            return
        }
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        for attribute in kept + forcedAttributes(name, kept: kept) {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: attribute.name.utf8)
            if let value = attribute.value {
                output.append(contentsOf: "=\"".utf8)
                HTMLEscaping.appendAttribute(value, to: &output)
                output.append(UInt8(ascii: "\""))
            }
        }
        output.append(UInt8(ascii: ">"))
        if isVoid {
            write(children)  // see SanitizerPolicy.droppedVoid
            return
        }
        if name == "a" { linkDepth += 1 }
        write(children)
        if name == "a" { linkDepth -= 1 }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
    }

    private func forcedAttributes(_ name: String, kept: [(name: String, value: String?)])
        -> [(name: String, value: String?)] {
        guard let forced = SanitizerPolicy.forced[name] else { return [] }
        // A link without a target needs no rel.
        if name == "a", !kept.contains(where: { $0.name == "href" }) { return [] }
        return forced.filter { attribute in !kept.contains(where: { $0.name == attribute.name }) }
    }

    /// The element's attributes that are allowed and whose value passes its check, in source
    /// order, first occurrence of each name only.
    private static func filter(_ attributes: [(name: String, value: String)], allowed: [String: SanitizerPolicy.Value],
                               base: URL?) -> [(name: String, value: String?)] {
        var kept: [(name: String, value: String?)] = []
        for attribute in attributes where !kept.contains(where: { $0.name == attribute.name }) {
            guard let rule = allowed[attribute.name] ?? SanitizerPolicy.global[attribute.name],
                  let value = AttributeCheck.check(attribute.value, rule: rule, base: base) else { continue }
            kept.append((attribute.name, value))
        }
        return kept
    }
}
