extension HTMLFragmentNode {
    /// The entity-decoded value of the first attribute called `name` (lowercase), nil when absent.
    /// Names are compared as bytes, without making a String of each.
    func attributeValue(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes in
            var cursor = firstAttribute
            while let attribute = cursor {
                if attribute.isNamed(bytes) { return attribute.value }
                cursor = attribute.next
            }
            return nil
        }
    }
}
