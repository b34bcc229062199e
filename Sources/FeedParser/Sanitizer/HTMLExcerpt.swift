/// A teaser of an entry: its HTML as plain text, cut to a width (Planet Venus
/// `filters/excerpt.py`, rawdog's `truncate`): text only, images and other embedded media left
/// out, white space collapsed, and when longer than `width` characters cut at the last word
/// boundary before it, followed by "…".
public enum HTMLExcerpt {
    /// Elements whose content is no text of the post: media and what a sanitized fragment can
    /// still hold that a reader does not read as prose.
    private static let skipped: Set<String> = ["img", "picture", "audio", "video", "source", "track", "script", "style"]

    /// Elements after which a browser breaks the line, so that their texts do not run together
    /// ("<p>one</p><p>two</p>" is "one two").
    private static let breaking: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div", "dl", "dt",
        "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "ol", "p",
        "pre", "section", "summary", "table", "td", "th", "tr", "ul"
    ]

    /// The excerpt of `html`.
    /// - Parameters:
    ///   - html: an entry's summary or content (sanitized HTML, or any HTML fragment: it is
    ///     parsed leniently by libxml2, as the sanitizer parses it).
    ///   - width: characters (grapheme clusters) at most before the ellipsis; at least 1.
    /// - Returns: plain text (not escaped: a template escapes it), at most `width` characters
    ///   and "…"; nil when the fragment holds no text.
    public static func excerpt(_ html: String, width: Int) -> String? {
        let nodes = HTMLFragmentParser.parse(html)
        var text = ""
        append(nodes, to: &text)
        guard let plain = PlainText.collapse(text) else { return nil }
        return cut(plain, width: max(1, width))
    }

    /// `text` when it has at most `width` characters; else its first `width` characters cut back
    /// to the last white space among them (a word longer than `width` is cut where it reaches
    /// it), trailing white space removed, and "…".
    static func cut(_ text: String, width: Int) -> String {
        guard let end = text.index(text.startIndex, offsetBy: width, limitedBy: text.endIndex), end < text.endIndex
        else { return text }
        var head = text[..<end]
        if !text[end].isWhitespace, let space = head.lastIndex(where: \.isWhitespace) {
            head = head[..<space]
        }
        while let last = head.last, last.isWhitespace { head = head.dropLast() }
        return head + "…"
    }

    private static func append(_ nodes: [HTMLNode], to text: inout String) {
        for node in nodes {
            switch node {
            case .text(let content):
                text += content
            case .element(let name, _, let children):
                guard !skipped.contains(name) else { continue }
                if breaking.contains(name) { text += " " }
                append(children, to: &text)
                if breaking.contains(name) { text += " " }
            }
        }
    }
}
