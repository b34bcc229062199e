import Foundation
import PlanetBase

/// The parsed XML tree the format readers walk: a Swift value copy of libxml2's tree, with
/// namespaces as URIs (never prefixes) and every element's effective `xml:base` already resolved.
enum XML {
    /// A qualified name: namespace URI (nil for no namespace) and local name.
    struct Name: Sendable, Hashable {
        var namespace: String?
        var local: String

        init(_ namespace: String?, _ local: String) {
            self.namespace = namespace
            self.local = local
        }
    }

    struct Attribute: Sendable, Equatable {
        var namespace: String?
        var name: String
        var value: String
    }

    enum Node: Sendable, Equatable {
        indirect case element(Element)
        case text(String)
    }

    struct Element: Sendable, Equatable {
        var namespace: String?
        var name: String
        var attributes: [Attribute]
        var children: [Node]
        /// Effective base URL (XML Base §4.2): the nearest `xml:base`, resolved against its
        /// parent's base, and at the root against the document URL.
        var base: URL?
        /// Effective `xml:lang`, inherited from ancestors.
        var language: String?

        /// True when this element has the given namespace URI and local name.
        func `is`(_ qname: Name) -> Bool {
            name == qname.local && namespace == qname.namespace
        }

        /// The value of an attribute by namespace URI (nil: unqualified) and local name.
        func attribute(_ name: String, namespace: String? = nil) -> String? {
            attributes.first { $0.name == name && $0.namespace == namespace }?.value
        }

        /// Child elements in document order.
        var elements: [Element] {
            children.compactMap { node in
                if case .element(let element) = node { return element }
                return nil
            }
        }

        /// The first child element matching any of `names`, in the order of `names` (precedence).
        /// (Iterates the children in place: no array of every child element is built.)
        func first(_ names: [Name]) -> Element? {
            for qname in names {
                for case .element(let element) in children where element.is(qname) { return element }
            }
            return nil
        }

        /// All child elements with one of `names`, in document order.
        func all(_ names: [Name]) -> [Element] {
            var found: [Element] = []
            for case .element(let element) in children where names.contains(where: { element.is($0) }) {
                found.append(element)
            }
            return found
        }

        /// The concatenated text of this element and its descendants.
        var text: String {
            var out = ""
            appendText(to: &out)
            return out
        }

        private func appendText(to out: inout String) {
            for node in children {
                switch node {
                case .text(let text): out += text
                case .element(let element): element.appendText(to: &out)
                }
            }
        }

        /// The text a reader sees when this element is shown as (X)HTML: `text` without the
        /// content of `script` and `style` elements (raw text that is never rendered).
        var renderedText: String {
            var out = ""
            appendRenderedText(to: &out)
            return out
        }

        private func appendRenderedText(to out: inout String) {
            for node in children {
                switch node {
                case .text(let text): out += text
                case .element(let element):
                    if element.name == "script" || element.name == "style" { continue }
                    element.appendRenderedText(to: &out)
                }
            }
        }

        /// Trimmed text, nil when empty.
        var trimmedText: String? {
            let value = text.trimmingSpacesAndNewlines()
            return value.isEmpty ? nil : value
        }
    }
}
