extension XML.Element {
    private func matches(_ key: XML.Name, core: String?) -> Bool {
        guard name == key.local else { return false }
        if let namespace = key.namespace { return self.namespace == namespace }
        return self.namespace == nil || self.namespace == core
    }

    /// The first child element present for a `FieldPrecedence` list, by the list's order.
    /// A key without namespace matches children in `core` or in no namespace.
    func first(_ keys: [XML.Name], core: String?) -> XML.Element? {
        for key in keys {
            for case .element(let element) in children where element.matches(key, core: core) { return element }
        }
        return nil
    }

    /// Every child element matching one of `keys`, in the keys' order, then document order.
    func all(_ keys: [XML.Name], core: String?) -> [XML.Element] {
        var found: [XML.Element] = []
        for key in keys {
            for case .element(let element) in children where element.matches(key, core: core) { found.append(element) }
        }
        return found
    }

    /// The first child with a local name in `core` (or no namespace), e.g. `child("link", core:)`.
    func child(_ local: String, core: String?) -> XML.Element? {
        first([XML.Name(nil, local)], core: core)
    }
}
