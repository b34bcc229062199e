/// `SanitizerPolicy`'s tables folded into one lookup per element name, so that the sanitizer asks
/// one dictionary per element and one per attribute instead of six and two. A class: the writer
/// holds one per element it writes, and a reference costs one retain, a copy one per field.
final class ElementRule: Sendable {
    enum Action: Sendable {
        /// Removed with its content (`SanitizerPolicy.dropped`).
        case drop
        /// Written with its checked attributes.
        case keep
    }

    let action: Action
    /// The element's own attribute rules over the global ones (`SanitizerPolicy.global`), by
    /// name key, with the name as it is written.
    let attributes: [HTMLNameKey: (name: String, value: SanitizerPolicy.Value)]
    /// Written without end tag (`SanitizerPolicy.void`).
    let isVoid: Bool
    /// Written only when one of these attributes survived (`SanitizerPolicy.required`): void elements
    /// dropped, others unwrapped.
    let required: [String]?
    /// Attributes the sanitizer sets itself (`SanitizerPolicy.forced`).
    let forced: [(name: String, value: String?)]

    init(
        action: Action, attributes: [HTMLNameKey: (name: String, value: SanitizerPolicy.Value)], isVoid: Bool,
        required: [String]?, forced: [(name: String, value: String?)]
    ) {
        self.action = action
        self.attributes = attributes
        self.isVoid = isVoid
        self.required = required
        self.forced = forced
    }

    /// Rules by element name. A name that is absent is unwrapped: unknown elements and the void
    /// elements of `SanitizerPolicy.droppedVoid` lose their tag and keep their children.
    static let table: [String: ElementRule] = {
        var table: [String: ElementRule] = [:]
        for name in SanitizerPolicy.dropped {
            table[name] = ElementRule(action: .drop, attributes: [:], isVoid: false, required: nil, forced: [])
        }
        for (name, own) in SanitizerPolicy.elements
        where !SanitizerPolicy.dropped.contains(name) && !SanitizerPolicy.droppedVoid.contains(name) {
            var attributes: [HTMLNameKey: (name: String, value: SanitizerPolicy.Value)] = [:]
            for (attribute, value) in SanitizerPolicy.global.merging(own, uniquingKeysWith: { _, element in element }) {
                attributes[HTMLNameKey(attribute)] = (attribute, value)
            }
            table[name] = ElementRule(
                action: .keep, attributes: attributes,
                isVoid: SanitizerPolicy.void.contains(name), required: SanitizerPolicy.required[name],
                forced: SanitizerPolicy.forced[name] ?? [])
        }
        return table
    }()
}

/// What the sanitizer knows of an element name, found with one lookup by `HTMLNameKey`: the
/// name, what it is written as (`PresentationalHTML.elementName(for:)`) and that name's rule.
/// Names without an entry are unknown elements: unwrapped, their children kept. A class, for the
/// reason `ElementRule` is one.
final class ElementEntry: Sendable {
    /// The element's name in the source (lowercase).
    let source: String
    /// The name written for it: its allowed equivalent (`strike` → `s`), or `source`.
    let written: String
    /// The rule of `written`, nil when it is unwrapped.
    let rule: ElementRule?
    /// The names the writer treats apart, so that it compares no strings per element.
    let kind: Kind

    init(source: String, written: String, rule: ElementRule?, kind: Kind) {
        self.source = source
        self.written = written
        self.rule = rule
        self.kind = kind
    }

    enum Kind: Sendable {
        case other
        /// `html` or `body`: unwrapped at the document level.
        case scaffolding
        /// `head`: skipped at the document level.
        case head
        /// `iframe`, `object`: replaced (`SanitizingWriter.writeReplacement`).
        case iframe, object
        /// Written as `br`, `a`, `img`, `table`.
        case lineBreak, link, image, table
    }

    /// Every name with a rule, every presentational name, and the names the writer treats apart
    /// (`html`, `body` and `head` at the document level; `iframe` and `object`).
    static let table: [HTMLNameKey: ElementEntry] = {
        var names = Set(ElementRule.table.keys)
        names.formUnion([
            "strike", "tt", "big", "font", "center", "acronym", "dir", "iframe", "object", "html", "body", "head"
        ])
        var table: [HTMLNameKey: ElementEntry] = [:]
        for name in names {
            let written = PresentationalHTML.elementName(for: name)
            let kinds: [String: Kind] = [
                "html": .scaffolding, "body": .scaffolding, "head": .head, "iframe": .iframe,
                "object": .object, "br": .lineBreak, "a": .link, "img": .image, "table": .table
            ]
            table[HTMLNameKey(name)] = ElementEntry(
                source: name, written: written, rule: ElementRule.table[written],
                kind: kinds[name] ?? .other)
        }
        return table
    }()

    /// The entry of a node's name; nil for an unknown element.
    static func of(_ name: UnsafePointer<UInt8>?) -> ElementEntry? {
        guard let name, let key = HTMLNameKey(name) else { return nil }
        return table[key]
    }
}
