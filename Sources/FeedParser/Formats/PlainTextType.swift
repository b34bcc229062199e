import PlanetBase

/// A MIME text type other than HTML (`text/plain`, `text/markdown`, any `text/*` but
/// `text/html`) declared where the format has no such type: on an RSS title, description or
/// content (RSS 2.0 has no `type` attribute; Universal Feed Parser honours it all the same), or on
/// an Atom 1.0 title or summary, whose `type` is `text`, `html` or `xhtml` (RFC 4287 §3.1.1).
/// Atom 1.0 content may carry a MIME type (§4.1.3.1), but one that is text is still shown as
/// plain text, which a reader would not guess from its markup. The field is read as plain text,
/// its markup shown as written, and the feed's parse warnings say so (Atom 0.3's `text/plain` is
/// its default, never warned about).
enum PlainTextType {
    /// The media type of `element`'s `type` attribute (lowercased, without parameters) when it is
    /// a text type other than `text/html`; nil otherwise.
    static func declared(_ element: XML.Element) -> String? {
        guard let type = element.attribute("type")?.lowercased() else { return nil }
        let media = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpacesAndNewlines() } ?? ""
        return media.hasPrefix("text/") && media != "text/html" ? media : nil
    }

    /// The warning for a field `name` of `field` ("item 3"): a title or other text construct
    /// (`isTitle`), else an entry's HTML (description, content),
    /// read as plain text because of its `type`; `atom`: an Atom 1.0 field, else RSS.
    static func warning(field: String, name: String, type: String, isTitle: Bool, atom: Bool) -> String {
        guard isTitle else { return "\(field): \(name) of type \(type) shown as plain text, its markup as written" }
        let reason = atom ? "Atom 1.0 text is type text, html or xhtml" : "RSS has no type attribute"
        return "\(field): \(name) of type \(type) read as plain text (\(reason))"
    }
}
