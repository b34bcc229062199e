import PlanetBase

extension String {
    /// Appends `text` escaped for `escaping` (`MarkupEscaping.html`, `.xml`).
    mutating func append(_ text: String, escaping: Escaping) {
        switch escaping {
        case .none: append(text)
        case .html: MarkupEscaping.html.append(text, to: &self)
        case .xml: MarkupEscaping.xml.append(text, to: &self)
        }
    }
}
