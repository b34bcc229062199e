/// `SanitizerPolicy`'s tables folded into one lookup per element name, so that the sanitizer asks
/// one dictionary per element and one per attribute instead of six and two.
struct ElementRule: Sendable {
    enum Action: Sendable {
        /// Removed with its content (`SanitizerPolicy.dropped`).
        case drop
        /// Written with its checked attributes.
        case keep
    }

    let action: Action
    /// The element's own attribute rules over the global ones (`SanitizerPolicy.global`).
    let attributes: [String: SanitizerPolicy.Value]
    /// Written without end tag (`SanitizerPolicy.void`).
    let isVoid: Bool
    /// Dropped unless one of these attributes survived (`SanitizerPolicy.required`).
    let required: [String]?
    /// Attributes the sanitizer sets itself (`SanitizerPolicy.forced`).
    let forced: [(name: String, value: String?)]

    /// Rules by element name. A name that is absent is unwrapped: unknown elements and the void
    /// elements of `SanitizerPolicy.droppedVoid` lose their tag and keep their children.
    static let table: [String: ElementRule] = {
        var table: [String: ElementRule] = [:]
        for name in SanitizerPolicy.dropped {
            table[name] = ElementRule(action: .drop, attributes: [:], isVoid: false, required: nil, forced: [])
        }
        for (name, own) in SanitizerPolicy.elements
        where !SanitizerPolicy.dropped.contains(name) && !SanitizerPolicy.droppedVoid.contains(name) {
            table[name] = ElementRule(
                action: .keep, attributes: SanitizerPolicy.global.merging(own) { _, element in element },
                isVoid: SanitizerPolicy.void.contains(name), required: SanitizerPolicy.required[name],
                forced: SanitizerPolicy.forced[name] ?? [])
        }
        return table
    }()
}
