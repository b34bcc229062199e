import Foundation
import PlanetBase

extension XML.Element {
    /// The effective base of an element with `xml:base="value"` whose parent's base is `parent`
    /// (XML Base §4.2: the value, trimmed, resolved against the parent's base); `parent` when the
    /// value is not a URI reference.
    static func resolvedBase(_ value: String, parent: URL?) -> URL? {
        URL(string: value.trimmingSpacesAndNewlines(), relativeTo: parent)?.absoluteURL ?? parent
    }

    /// This element and its descendants with every `base` computed again as if the document had
    /// been read from `documentURL`: each `xml:base` resolved against its parent's new base, the
    /// root's against `documentURL` (XML Base §4.2). A feed read from a file takes its site link
    /// as document URL this way (`ReadContext.adoptSiteBase`).
    func rebased(documentURL: URL?) -> XML.Element {
        var element = self
        element.rebase(parent: documentURL)
        return element
    }

    private mutating func rebase(parent: URL?) {
        if let value = attribute("base", namespace: Namespace.xml) {
            base = Self.resolvedBase(value, parent: parent)
        } else {
            base = parent
        }
        // The children are taken out while they change, so that each is uniquely referenced and
        // changes in place (else every element's children would be copied).
        var nodes = children
        children = []
        for index in nodes.indices {
            guard case .element(var child) = nodes[index] else { continue }
            nodes[index] = .text("")
            child.rebase(parent: base)
            nodes[index] = .element(child)
        }
        children = nodes
    }
}
