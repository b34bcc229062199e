/// One feed of an OPML subscription list: an `<outline>` with an `xmlUrl` attribute
/// (OPML 2.0, opml.org/spec2 "subscription lists"; OPML 1.0 files use the same attributes).
public struct OPMLOutline: Sendable, Equatable {
    /// The feed's display name: the outline's `title`, else its `text`, whitespace collapsed;
    /// nil when both are missing or blank.
    public var title: String?
    /// The `xmlUrl` attribute as written, trimmed (OPML does not say it is absolute; the caller
    /// normalizes it the way it normalizes a typed URL).
    public var xmlURL: String
    /// The `htmlUrl` attribute (the feed's web site), trimmed; nil when missing or blank.
    public var htmlURL: String?
    /// The folders the outline sits in, outermost first: the `text` (else `title`) of each
    /// enclosing outline that is not itself a feed. Empty at the top level of `<body>`.
    public var folders: [String]
    /// The `category` attribute: comma-separated, slash-delimited category strings (OPML 2.0,
    /// "category"), each trimmed, in order; empty when missing.
    public var categories: [String]

    /// Creates an outline with the given fields; no site URL, top level (no folders) and no
    /// categories by default.
    public init(
        title: String?, xmlURL: String, htmlURL: String? = nil, folders: [String] = [], categories: [String] = []
    ) {
        self.title = title
        self.xmlURL = xmlURL
        self.htmlURL = htmlURL
        self.folders = folders
        self.categories = categories
    }
}
