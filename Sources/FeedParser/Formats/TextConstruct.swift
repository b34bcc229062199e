import Foundation
import PlanetBase

/// An Atom text construct (RFC 4287 §3.1) read as HTML or as plain text.
///
/// Atom 1.0: `type="text"` (default), `"html"` (escaped HTML), `"xhtml"` (one inline XHTML `div`).
/// Atom 0.3: a MIME type (`text/plain` default, `text/html`, `application/xhtml+xml`) plus
/// `mode="xml"` (default, inline markup), `"escaped"` or `"base64"`.
///
/// Atom 1.0 content of another media type (RFC 4287 §4.1.3.3): a `text/*` type is shown as
/// plain text; any other type that is not XML is base64 (rule 6) and is not shown, only reported
/// (an image or a PDF has no place in an entry's HTML; the reader reports it as a warning), as is
/// content in an XML vocabulary other than XHTML.
struct TextConstruct {
    enum Kind { case text, html, xhtml, other }

    let element: XML.Element
    let kind: Kind
    /// The declared media type, lowercased, without parameters ("" when none).
    let type: String
    /// True when the characters are base64 (Atom 0.3 `mode="base64"`; Atom 1.0 content whose
    /// type is neither text, html, xhtml, `text/*` nor an XML media type: RFC 4287 §4.1.3.3 rule 6;
    /// a title, summary or other text construct that declares such a type is read by the same rule).
    let isBase64: Bool

    init(_ element: XML.Element) {
        self.element = element
        // RFC 4287 §3.1.1: no type, or an empty one, is "text"; a media type's parameters
        // (`text/html; charset=utf-8`) do not change what it is (RFC 2045 §5.1).
        let declared = element.attribute("type")?.lowercased() ?? ""
        let type =
            declared.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingSpacesAndNewlines() } ?? ""
        let mode = element.attribute("mode")?.lowercased()
        self.type = type
        let isXML = type.hasSuffix("+xml") || type.hasSuffix("/xml")
        isBase64 =
            mode == "base64"
            || (mode == nil && element.namespace == Namespace.atom
                && type.contains("/") && !type.hasPrefix("text/") && !isXML)
        // Atom 0.3 §3.1.2: mode defaults to "xml", so an untyped construct holding elements is
        // inline markup, read as (X)HTML, not as text with its tags stripped.
        let isInlineMarkup =
            element.namespace == Namespace.atom03 && (mode == nil || mode == "xml") && !element.elements.isEmpty
        switch type {
        case _ where isInlineMarkup && (type.isEmpty || type == "text/plain"): kind = .xhtml
        case "", "text", "text/plain": kind = .text
        case "html", "text/html": kind = mode == "xml" && !element.elements.isEmpty ? .xhtml : .html
        case "xhtml", "application/xhtml+xml": kind = mode == "escaped" ? .html : .xhtml
        default: kind = type.hasPrefix("text/") ? .text : .other
        }
    }

    /// The media type of content that is neither text nor (X)HTML and so is not shown (an image,
    /// a PDF, an XML vocabulary): nil for the kinds planet shows.
    var unshownType: String? { kind == .other ? type : nil }

    /// The MIME text type (`text/plain`, `text/markdown`) of an Atom 1.0 construct read as plain
    /// text because of it, where `text` is the standard type (`PlainTextType`); nil otherwise, and
    /// for Atom 0.3, whose types are MIME types.
    var mimeTextType: String? {
        kind == .text && element.namespace == Namespace.atom && type.hasPrefix("text/") ? type : nil
    }

    /// The raw character data, base64-decoded when `isBase64` (and then kept as written when it
    /// is not base64 of UTF-8 text).
    private var characters: String {
        let text = element.text
        guard isBase64 else { return text }
        let compact = text.filter { !$0.isWhitespace }
        return Data(base64Encoded: compact).flatMap { String(data: $0, encoding: .utf8) } ?? text
    }

    /// The XHTML content: the children of the wrapping `div` (RFC 4287 §4.1.3.3), else all children.
    private var xhtmlRoot: XML.Element {
        let kids = element.elements
        if kids.count == 1, let div = kids.first, div.name == "div" { return div }
        return element
    }

    /// HTML for summary/content (not yet sanitized); nil for media types that are not text.
    var html: String? {
        switch kind {
        case .text: return PlainText.escapedHTML(PlainText.decodingEntities(characters))
        case .html: return characters
        case .xhtml: return xhtmlRoot.innerXML
        case .other: return nil
        }
    }

    /// Plain text for titles and other text fields; for a media type that is not text, the
    /// base64 characters decoded when they are UTF-8 text (else nil: the caller warns).
    var plain: String? {
        switch kind {
        case .text: return PlainText.collapse(PlainText.decodingEntities(characters))
        case .html: return PlainText.fromHTML(characters)
        case .xhtml: return PlainText.collapse(xhtmlRoot.renderedText)
        case .other: return isBase64 ? base64Text.flatMap(PlainText.collapse) : nil
        }
    }

    /// The base64 characters decoded, when they are UTF-8 text.
    private var base64Text: String? {
        Data(base64Encoded: element.text.filter { !$0.isWhitespace }).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// True for escaped HTML (`type="html"`, `text/html`): the only kind whose content may be
    /// HTML escaped once too often. Text and XHTML say exactly what they mean (RFC 4287
    /// §3.1.1.1, §3.1.1.3): their escaped `&lt;b&gt;` is the text "<b>".
    var isEscapedHTML: Bool { kind == .html }
}
