import Foundation

/// Reads Atom 1.0 (RFC 4287) and Atom 0.3 (purl.org/atom/ns#) documents. The two differ in a few
/// element names (`FieldPrecedence`) and in how text constructs declare their type (`TextConstruct`).
struct AtomReader {
    var context: ReadContext
    /// The document's Atom namespace (1.0 or 0.3).
    let core: String

    /// Maps a `<feed>` root to a feed.
    static func read(root: XML.Element, format: Feed.Format, context: ReadContext) -> Feed {
        var root = root
        var reader = AtomReader(context: context, core: root.namespace ?? Namespace.atom)
        reader.context.adoptSiteBase(reader.link(in: root, rel: "alternate"), root: &root)
        var feed = Feed(format: format)
        let base = root.base
        feed.title = reader.plain(root.child("title", core: reader.core))
        feed.link = reader.link(in: root, rel: "alternate")
        feed.feedURL = reader.link(in: root, rel: "self")
        feed.subtitle = reader.plain(root.first(FieldPrecedence.atomSubtitle, core: reader.core))
        let id = root.child("id", core: reader.core)
        feed.id = reader.context.documentID(id?.text, base: id?.base)
        feed.language = root.language
        feed.updated = reader.context.date(
            root.first(FieldPrecedence.atomUpdated, core: reader.core)?.text, field: "feed")
        feed.author = root.child("author", core: reader.core).flatMap { reader.person($0) }
        feed.icon = reader.context.url(root.child("icon", core: reader.core)?.trimmedText, base: base)
        feed.logo = reader.context.url(root.child("logo", core: reader.core)?.trimmedText, base: base)
        feed.rights = reader.plain(root.first(FieldPrecedence.atomRights, core: reader.core))
        feed.generator = root.child("generator", core: reader.core).flatMap { PlainText.collapse($0.text) }
        feed.updateInterval = UpdateInterval.read(root, core: reader.core, ttl: false)
        let entries = root.elements.filter {
            $0.name == "entry" && ($0.namespace == reader.core || $0.namespace == nil)
        }
        feed.entries = reader.context.distinctIDs(
            entries.enumerated().map { index, element in
                reader.entry(element, position: index + 1, feedAuthor: feed.author)
            })
        feed.warnings = reader.context.warnings
        return feed
    }

    private mutating func entry(_ element: XML.Element, position: Int, feedAuthor: Person?) -> Entry {
        var entry = Entry(id: "")
        let field = "entry \(position)"
        entry.title = title(of: element, field: field)
        entry.link = link(in: element, rel: "alternate")
        entry.published = context.date(element.first(FieldPrecedence.atomPublished, core: core)?.text, field: field)
        entry.updated = context.date(element.first(FieldPrecedence.atomUpdated, core: core)?.text, field: field)
        // RFC 4287 §4.2.1: an entry without author inherits the source's, then the feed's.
        let source = element.child("source", core: core)
        entry.author =
            element.child("author", core: core).flatMap { person($0) }
            ?? source?.child("author", core: core).flatMap { person($0) }
            ?? element.first([XML.Name(Namespace.dc, "creator"), XML.Name(Namespace.dc, "author")]).flatMap {
                context.person($0.text)
            }
            ?? feedAuthor
        var summary: EntryHTML?
        var content: EntryHTML?
        if let element = element.first(FieldPrecedence.atomSummary, core: core) {
            let text = TextConstruct(element)
            if let type = text.mimeTextType {
                context.warnings.append(
                    PlainTextType.warning(field: field, name: "summary", type: type, isTitle: true, atom: true))
            }
            summary = context.html(text.html, base: element.base, mayBeEscapedTwice: text.isEscapedHTML)
        }
        if let element = element.child("content", core: core), element.attribute("src") == nil {
            let text = TextConstruct(element)
            content = context.html(text.html, base: element.base, mayBeEscapedTwice: text.isEscapedHTML)
            if text.html == nil, let type = text.unshownType {
                context.warnings.append("\(field): content of type \(type) is not shown (only text and HTML are)")
            }
            if let type = text.mimeTextType {
                context.warnings.append(
                    PlainTextType.warning(field: field, name: "content", type: type, isTitle: false, atom: true))
            }
        }
        if let media = MediaEnclosures.description(element), EntryHTML.isEmpty(&summary), EntryHTML.isEmpty(&content) {
            summary = context.html(media.html, base: media.base, mayBeEscapedTwice: media.isHTML)
        }
        MediaThumbnail.show(element, link: entry.link, summary: &summary, content: &content, context: context)
        EntryHTML.assign(summary: summary, content: content, to: &entry)
        entry.categories = categories(element)
        entry.enclosures = MediaEnclosures.read(element, core: core, context: context)
        let id = element.child("id", core: core)
        entry.id = context.entryID(id?.text, entry: entry, base: id?.base)
        entry.language = element.child("content", core: core)?.language ?? element.language
        return entry
    }

    /// An entry's title as plain text, warning about a type that is not shown or not standard.
    /// An untitled entry of a media feed names itself in `media:title` (Media RSS 1.5.1).
    private mutating func title(of element: XML.Element, field: String) -> String? {
        let title = element.child("title", core: core).map(TextConstruct.init)
        if let title, title.plain == nil, let type = title.unshownType {
            context.warnings.append(
                "\(field): title of type \(type) is not shown (only text, HTML and base64 text are)")
        }
        if let title, let type = title.mimeTextType {
            context.warnings.append(
                PlainTextType.warning(field: field, name: "title", type: type, isTitle: true, atom: true))
        }
        return title?.plain
            ?? element.first([XML.Name(Namespace.media, "title")]).flatMap { PlainText.collapse($0.text) }
    }

    private func plain(_ element: XML.Element?) -> String? {
        element.flatMap { TextConstruct($0).plain }
    }

    /// RFC 4287 §4.2.7: the `href` of the first link with the given rel (a missing rel is
    /// "alternate"), preferring `type="text/html"` among alternates; resolved against its xml:base.
    /// A link without `href` that gives the URL as its text (`<link>https://…</link>`, RSS's
    /// form, written by some generators into Atom) counts as if it were its `href`.
    private func link(in element: XML.Element, rel: String) -> String? {
        let links = element.elements.filter { $0.name == "link" && ($0.namespace == core || $0.namespace == nil) }
            .filter { ($0.attribute("rel") ?? "alternate") == rel }
        let best = links.first { $0.attribute("type")?.lowercased() == "text/html" } ?? links.first
        return context.url(best.flatMap { $0.attribute("href") ?? $0.trimmedText }, base: best?.base)
    }

    private func person(_ element: XML.Element) -> Person? {
        Self.person(element, name: element.child("name", core: core), context: context)
    }

    /// RFC 4287 §3.2 person construct: `name`, `email`, `uri` (0.3: `url`, or `homepage` as some
    /// 0.3 generators wrote it) children.
    static func person(_ element: XML.Element, name: XML.Element?, context: ReadContext) -> Person? {
        let kids = element.elements
        let person = Person(
            name: name.flatMap { PlainText.collapse($0.text) },
            email: kids.first { $0.name == "email" }?.trimmedText,
            uri: context.url(
                (kids.first { $0.name == "uri" || $0.name == "url" } ?? kids.first { $0.name == "homepage" })?
                    .trimmedText,
                base: element.base))
        return person == Person() ? nil : person
    }

    /// RFC 4287 §4.2.2 `category term` (label when no term); Atom 0.3 feeds use `dc:subject`;
    /// `itunes:category` (its `text`) and `media:category` (Media RSS 1.5.1) count too.
    private func categories(_ element: XML.Element) -> [String] {
        var seen = Set<String>()
        let keys = [
            XML.Name(nil, "category"), XML.Name(Namespace.dc, "subject"), XML.Name(Namespace.itunes, "category"),
            XML.Name(Namespace.media, "category")
        ]
        return element.all(keys, core: core).compactMap { category in
            let term =
                category.attribute("term") ?? category.attribute("label") ?? category.attribute("text") ?? category.text
            guard let term = PlainText.collapse(term), seen.insert(term).inserted else { return nil }
            return term
        }
    }
}
