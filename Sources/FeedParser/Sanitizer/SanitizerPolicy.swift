/// The allow-list the sanitizer enforces: which elements survive, which attributes each keeps and
/// how each attribute's value is checked. Anything not named here is removed; see `dropped` for the
/// elements that go together with their content.
enum SanitizerPolicy {
    /// How an allowed attribute's value is checked and rewritten.
    enum Value: Sendable {
        /// Any text, the empty string too (escaped on output): where HTML gives an empty value a
        /// meaning (`alt=""`, a decorative image; `title=""`, no advisory text; HTML LS §4.8.4.4.4,
        /// §3.2.6.1).
        case text
        /// Any text but the empty string (or only white space): where HTML requires a value (a date,
        /// a MIME type, a size list, a track label), so an empty one is invalid and dropped.
        case nonEmptyText
        /// A link target: `URLPolicy`, no `data:`. An empty value (`href=""`, `cite=""`) is
        /// dropped: HTML reads it as the document itself, which on the planet's page is the
        /// planet, not the post.
        case url
        /// An image source: `URLPolicy` with base64 raster `data:` images allowed.
        case imageURL
        /// A `srcset` candidate list: `SrcsetPolicy`.
        case srcset
        /// Digits only (`colspan`, `start`), at most 9 of them.
        case integer
        /// Digits only (`width`, `height`): HTML requires a valid non-negative integer (HTML
        /// Living Standard §4.8.4.4, dimension attributes); `100%` is invalid there, so dropped.
        case length
        /// A BCP 47-looking tag: ASCII letters, digits and `-`, at most 35 characters.
        case language
        /// `language`, or the empty string: `lang=""` says the language is unknown (HTML LS
        /// §3.2.6.2), which `hreflang` and `srclang` cannot say.
        case languageOrEmpty
        /// One of a fixed set of keywords, compared case-insensitively, printed in lowercase.
        case keyword(Set<String>)
        /// A boolean attribute: printed bare, its value ignored.
        case boolean
    }

    /// Attributes every allowed element may carry.
    static let global: [String: Value] = [
        "title": .text, "lang": .languageOrEmpty, "dir": .keyword(["ltr", "rtl", "auto"])
    ]

    /// Allowed elements and their own attributes (HTML Living Standard content attributes).
    static let elements: [String: [String: Value]] = {
        var table: [String: [String: Value]] = [:]
        let plain = [
            "abbr", "address", "article", "aside", "b", "bdi", "bdo", "br", "caption", "cite", "code",
            "dd", "dfn", "div", "dl", "dt", "em", "fieldset", "figcaption", "figure", "footer",
            "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "i", "kbd", "legend", "mark", "menu", "p",
            "picture", "pre", "rp", "rt", "ruby", "s", "samp", "section", "small", "span",
            "strong", "sub", "summary", "sup", "tbody", "tfoot", "thead", "tr", "u", "ul",
            "var", "wbr"
        ]
        for name in plain { table[name] = [:] }
        let media: [String: Value] = [
            "src": .url, "loop": .boolean, "muted": .boolean,
            "preload": .keyword(["none", "metadata", "auto"])
        ]
        let cell: [String: Value] = ["colspan": .integer, "rowspan": .integer, "headers": .nonEmptyText]
        table["a"] = ["href": .url, "hreflang": .language]
        table["audio"] = media
        table["blockquote"] = ["cite": .url]
        table["col"] = ["span": .integer]
        table["colgroup"] = ["span": .integer]
        table["data"] = ["value": .text]
        table["del"] = ["cite": .url, "datetime": .nonEmptyText]
        table["details"] = ["open": .boolean]
        table["img"] = [
            "src": .imageURL, "srcset": .srcset, "sizes": .nonEmptyText, "alt": .text,
            "width": .length, "height": .length
        ]
        table["ins"] = ["cite": .url, "datetime": .nonEmptyText]
        table["li"] = ["value": .integer]
        table["ol"] = ["start": .integer, "reversed": .boolean, "type": .keyword(["1", "a", "A", "i", "I"])]
        table["q"] = ["cite": .url]
        table["source"] = [
            "src": .url, "srcset": .srcset, "sizes": .nonEmptyText, "type": .nonEmptyText,
            "media": .nonEmptyText, "width": .length, "height": .length
        ]
        table["table"] = [:]
        table["td"] = cell
        table["th"] = cell.merging(
            ["abbr": .text, "scope": .keyword(["row", "col", "rowgroup", "colgroup"])],
            uniquingKeysWith: { first, _ in first })
        table["time"] = ["datetime": .nonEmptyText]
        table["track"] = [
            "src": .url, "srclang": .language, "label": .nonEmptyText, "default": .boolean,
            "kind": .keyword(["subtitles", "captions", "descriptions", "chapters"])
        ]
        table["video"] = media.merging(
            [
                "poster": .url, "width": .length, "height": .length,
                "playsinline": .boolean
            ], uniquingKeysWith: { first, _ in first })
        return table
    }()

    /// Elements removed together with everything inside them: active content, forms, document
    /// metadata, foreign content (SVG, MathML) and raw-text elements. (Void elements that go are in
    /// `droppedVoid`; `iframe` and `object` never reach the page either, but are replaced by a link
    /// or their fallback content: `SanitizingWriter.writeReplacement`.)
    static let dropped: Set<String> = [
        "applet", "button", "canvas", "datalist", "dialog", "form", "frameset", "head",
        "map", "math", "noembed", "noframes", "noscript", "option", "optgroup", "output",
        "plaintext", "portal", "script", "select", "slot", "style", "svg", "template", "textarea",
        "title", "xmp"
    ]

    /// Void elements that are dropped. libxml2 2.9 predates HTML5 and does not know `embed`,
    /// `keygen`, `source`, `track` or `wbr` as void: it nests what follows them inside them. The
    /// children of every void element are therefore written after it, as the siblings they are.
    static let droppedVoid: Set<String> = [
        "area", "base", "basefont", "bgsound", "embed", "frame", "input", "isindex", "keygen", "link",
        "meta", "param"
    ]

    /// Elements written without an end tag (HTML Living Standard §13.1.2, void elements).
    static let void: Set<String> = ["br", "col", "hr", "img", "source", "track", "wbr"]

    /// Attributes the sanitizer sets itself when the element lacks them, after the element's own:
    /// links never hand the planet's window to the target, images load lazily and always have an
    /// `alt` (empty when the feed gave none: HTML requires the attribute), media show controls.
    static let forced: [String: [(name: String, value: String?)]] = [
        "a": [("rel", "noopener noreferrer")],
        "img": [("alt", ""), ("loading", "lazy")],
        "audio": [("controls", nil)],
        "video": [("controls", nil)]
    ]

    /// Elements written only when one of these attributes survived: the void ones are dropped
    /// (an image without a source is noise), the others unwrapped, their content kept (a `time`
    /// without `datetime` must hold a valid date or time as its text, HTML LS §4.5.14, which a
    /// feed's text rarely is).
    static let required: [String: [String]] = [
        "img": ["src"], "source": ["src", "srcset"], "track": ["src"], "time": ["datetime"]
    ]
}
