extension HTMLFragmentNode {
    /// The entity-decoded value of the first attribute called `name` (lowercase), nil when absent.
    func attributeValue(_ name: String) -> String? {
        var cursor = firstAttribute
        while let attribute = cursor {
            if attribute.name == name { return attribute.value }
            cursor = attribute.next
        }
        return nil
    }
}
