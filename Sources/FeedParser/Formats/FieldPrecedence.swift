/// Which element wins when a document carries several for the same field: the first one present,
/// in the order listed (sfeed keeps the same kind of table). A `nil` namespace means the format's
/// core namespace: RSS's (none, or the default namespace the document declares on its root; RSS
/// 1.0 and 0.90's own URI) or the document's Atom namespace (1.0 or 0.3).
enum FieldPrecedence {
    typealias Key = XML.Name

    private static func core(_ local: String) -> Key { Key(nil, local) }

    // MARK: RSS 0.9x / 1.0 / 2.0 item

    /// Full content: `content:encoded` carries the whole post, `description` is often an excerpt
    /// (WordPress, Medium, Ghost write both); `xhtml:body` is the rare inline-XHTML form; older
    /// generators wrote the post in an un-namespaced `body`, `fullitem` or `summary` (the last
    /// an Atom-ism; Universal Feed Parser reads all three as content). A `summary` beside a
    /// `description` is the summary and the description the content (`RSSReader`).
    static let rssItemContent = [
        Key(Namespace.content, "encoded"), Key(Namespace.xhtml, "body"), core("body"),
        core("fullitem"), core("summary")
    ]
    /// Summary: the RSS `description`; podcast feeds without one put the notes in `itunes:summary`.
    static let rssItemSummary = [
        core("description"), Key(Namespace.itunes, "summary"),
        Key(Namespace.dc, "description"), Key(Namespace.atom, "summary")
    ]
    /// Publication: `pubDate` is RSS 2.0's own; RSS 1.0 has only `dc:date`; `dcterms:issued` and
    /// `atom:published` are what generators add; all of them name the first publication.
    static let rssItemPublished = [
        core("pubDate"), Key(Namespace.dc, "date"), Key(Namespace.dcterms, "issued"),
        Key(Namespace.dcterms, "created"), Key(Namespace.atom, "published")
    ]
    /// Modification: only extensions express it in RSS; never confused with publication.
    static let rssItemUpdated = [
        Key(Namespace.dcterms, "modified"), Key(Namespace.atom, "updated"),
        core("updated")
    ]
    /// Author: RSS 2.0 `author` is an e-mail address, `dc:creator` the name most blogs write;
    /// `itunes:author` for podcasts; Atom-style `<author><name>` (Hexo) is read as a person construct;
    /// `dc:author` is a misspelling of `dc:creator` some generators write.
    static let rssItemAuthor = [
        core("author"), Key(Namespace.dc, "creator"), Key(Namespace.dc, "author"),
        Key(Namespace.itunes, "author"), Key(Namespace.atom, "author")
    ]
    /// Title: an untitled item of a media feed names itself in `media:title` (Media RSS 1.5.1).
    static let rssItemTitle = [
        core("title"), Key(Namespace.dc, "title"), Key(Namespace.atom, "title"),
        Key(Namespace.media, "title")
    ]
    /// The guid is the item's identity (RSS 2.0 `<guid>`); `dc:identifier` and `atom:id` are the
    /// extension spellings of the same.
    static let rssItemID = [core("guid"), Key(Namespace.atom, "id"), Key(Namespace.dc, "identifier")]
    /// Categories: all of these are collected, in this order (`itunes:category` names its
    /// category in a `text` attribute; `media:category` in its text, Media RSS 1.5.1).
    static let rssItemCategories = [
        core("category"), Key(Namespace.dc, "subject"), Key(Namespace.itunes, "category"),
        Key(Namespace.media, "category")
    ]

    // MARK: RSS channel

    static let rssChannelTitle = [core("title"), Key(Namespace.dc, "title")]
    /// Subtitle: `description` is RSS's tagline; `itunes:subtitle` for podcasts; `subtitle` is an
    /// Atom-ism some RSS generators (Hexo) write in the core namespace; a podcast without any of
    /// them describes itself in `itunes:summary`.
    static let rssChannelSubtitle = [
        core("description"), Key(Namespace.itunes, "subtitle"), core("subtitle"),
        Key(Namespace.dc, "description"), Key(Namespace.itunes, "summary")
    ]
    static let rssChannelLanguage = [core("language"), Key(Namespace.dc, "language")]
    /// Feed update: `lastBuildDate` says when the content last changed; `pubDate` is the
    /// publication of the channel, the next best; then the extension spellings.
    static let rssChannelUpdated = [
        core("lastBuildDate"), core("pubDate"), Key(Namespace.dc, "date"),
        Key(Namespace.dcterms, "modified"), Key(Namespace.atom, "updated")
    ]
    /// Feed author: `managingEditor` is the editorial contact (the author of a one-person blog);
    /// `webMaster` is only the technical contact and is not read.
    static let rssChannelAuthor = [
        core("managingEditor"), Key(Namespace.dc, "creator"), Key(Namespace.dc, "author"),
        Key(Namespace.itunes, "author"), core("author"), Key(Namespace.atom, "author")
    ]
    static let rssChannelRights = [core("copyright"), Key(Namespace.dc, "rights")]
    static let rssChannelGenerator = [core("generator")]

    // MARK: Atom 1.0 (RFC 4287) and 0.3

    /// Publication: 1.0 `published`; 0.3 `issued`, then `created`.
    static let atomPublished = [core("published"), core("issued"), core("created")]
    /// Modification: 1.0 `updated`; 0.3 `modified`.
    static let atomUpdated = [core("updated"), core("modified")]
    /// Subtitle: 1.0 `subtitle`; 0.3 `tagline`.
    static let atomSubtitle = [core("subtitle"), core("tagline")]
    /// Rights: 1.0 `rights`; 0.3 `copyright`.
    static let atomRights = [core("rights"), core("copyright")]
    /// Entry summary; 0.3 feeds sometimes use `dc:description`.
    static let atomSummary = [core("summary"), Key(Namespace.dc, "description")]

    // MARK: The entry limit

    /// The local names of the children that date an entry, for `EntryLimit`'s "newest": every
    /// element the publication and modification lists above read, RSS's and Atom's (0.3
    /// `created` among them). Local names only, in any namespace: the limit ranks entries on the
    /// C tree before they are read (`LibXML2`), and a date in a stray namespace only moves an
    /// entry in that ranking, it does not become the entry's date.
    static let entryDateNames: Set<String> = Set(
        (rssItemPublished + rssItemUpdated + atomPublished + atomUpdated).map(\.local))
}
