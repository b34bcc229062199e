import Foundation

/// Reads RSS 2.0 (`<rss>`), RSS 0.91–0.94 (`<rss version="0.9x">`), RSS 1.0 and RSS 0.90
/// (`<rdf:RDF>` with the purl.org/rss/1.0/ or my.netscape.com/rdf/simple/0.9/ namespace).
/// Which element wins for each field is in `FieldPrecedence`.
struct RSSReader {
    var context: ReadContext
    /// The core namespace: nil, or the one the document put its RSS elements in.
    let core: String?

    /// Maps a `<rss>` or `<rdf:RDF>` root to a feed.
    static func read(root: XML.Element, format: Feed.Format, context: ReadContext) -> Feed {
        var root = RSSNames.normalized(root)
        var reader = RSSReader(context: context, core: nil)
        reader.context.adoptSiteBase(reader.siteLink(Self.channel(of: root)), root: &root)
        let channel = Self.channel(of: root)
        reader = RSSReader(context: reader.context, core: channel.namespace ?? root.namespace)
        // RSS 2.0 puts items inside the channel; RSS 1.0 and 0.90 beside it, under rdf:RDF.
        let items =
            channel.elements.filter { $0.name == "item" }
            + (channel.name == "channel" ? root.elements.filter { $0.name == "item" } : [])
        let image = channel.child("image", core: reader.core) ?? root.child("image", core: reader.core)
        var feed = reader.channel(channel, format: format, image: image)
        feed.entries = reader.context.distinctIDs(
            items.enumerated().map { index, item in reader.entry(item, position: index + 1) })
        feed.warnings = reader.context.warnings
        return feed
    }

    private static func channel(of root: XML.Element) -> XML.Element {
        root.elements.first { $0.name == "channel" } ?? root
    }

    /// The channel's site link: RSS `<link>`, else `atom:link rel="alternate"`.
    private func siteLink(_ channel: XML.Element) -> String? {
        let core = self.core ?? channel.namespace
        return context.url(channel.child("link", core: core)?.trimmedText, base: channel.base)
            ?? atomLink(in: channel, rel: "alternate")
    }

    private mutating func channel(_ channel: XML.Element, format: Feed.Format, image: XML.Element?) -> Feed {
        let base = channel.base
        var feed = Feed(format: format)
        feed.title = channel.first(FieldPrecedence.rssChannelTitle, core: core).flatMap {
            PlainText.fromAmbiguous($0.text)
        }
        feed.link = siteLink(channel)
        feed.feedURL = atomLink(in: channel, rel: "self")
        feed.subtitle = channel.first(FieldPrecedence.rssChannelSubtitle, core: core).flatMap {
            PlainText.fromAmbiguous($0.text)
        }
        feed.language = channel.first(FieldPrecedence.rssChannelLanguage, core: core)?.trimmedText ?? channel.language
        feed.updated = context.date(
            channel.first(FieldPrecedence.rssChannelUpdated, core: core)?.text, field: "channel")
        feed.author = channel.first(FieldPrecedence.rssChannelAuthor, core: core).flatMap(person)
        feed.logo =
            context.url(image?.child("url", core: core)?.trimmedText, base: base)
            ?? context.url(channel.first([XML.Name(Namespace.itunes, "image")])?.attribute("href"), base: base)
        feed.icon = context.url(
            channel.first([XML.Name(nil, "icon"), XML.Name(Namespace.atom, "icon")], core: core)?.trimmedText,
            base: base)
        feed.rights = channel.first(FieldPrecedence.rssChannelRights, core: core).flatMap {
            PlainText.collapse($0.text)
        }
        feed.generator = channel.first(FieldPrecedence.rssChannelGenerator, core: core).flatMap {
            PlainText.collapse($0.text)
        }
        feed.updateInterval = UpdateInterval.read(channel, core: core, ttl: true)
        return feed
    }

    private mutating func entry(_ item: XML.Element, position: Int) -> Entry {
        let base = item.base
        var entry = Entry(id: "")
        let field = "item \(position)"
        let titleElement = item.first(FieldPrecedence.rssItemTitle, core: core)
        if let titleElement, let type = PlainTextType.declared(titleElement) {
            context.warnings.append(
                PlainTextType.warning(field: field, name: titleElement.name, type: type, isTitle: true, atom: false))
            entry.title = PlainText.collapse(titleElement.text)
        } else {
            entry.title = titleElement.flatMap { PlainText.fromAmbiguous($0.text) }
        }
        let guid = item.first(FieldPrecedence.rssItemID, core: core)
        entry.link =
            context.url(item.child("link", core: core)?.trimmedText, base: base)
            ?? atomLink(in: item, rel: "alternate")
            ?? permalink(guid, base: base)
        entry.published = context.date(item.first(FieldPrecedence.rssItemPublished, core: core)?.text, field: field)
        entry.updated = context.date(item.first(FieldPrecedence.rssItemUpdated, core: core)?.text, field: field)
        entry.author = item.first(FieldPrecedence.rssItemAuthor, core: core).flatMap(person)
        var summaryElement = item.first(FieldPrecedence.rssItemSummary, core: core)
        var contentElement = item.first(FieldPrecedence.rssItemContent, core: core)
        // An Atom-ism `summary` beside a `description` is the short text, the description the
        // post (Universal Feed Parser reads the second of them as content).
        if let element = contentElement, element.name == "summary", isCore(element),
            let description = summaryElement, description.name == "description", isCore(description)
        {
            (summaryElement, contentElement) = (element, description)
        }
        var summary = html(summaryElement, field: field, link: entry.link)
        var content = html(contentElement, field: field, link: entry.link)
        if let media = MediaEnclosures.description(item), EntryHTML.isEmpty(&summary), EntryHTML.isEmpty(&content) {
            summary = context.html(media.html, base: media.base, mayBeEscapedTwice: media.isHTML)
        }
        MediaThumbnail.show(item, link: entry.link, summary: &summary, content: &content, context: context)
        EntryHTML.assign(summary: summary, content: content, to: &entry)
        entry.categories = categories(item)
        entry.enclosures = MediaEnclosures.read(item, core: core, context: context)
        // RSS 1.0 §5.5: an item's rdf:about is its URI, the id when no guid-like element says otherwise.
        let about = item.attribute("about", namespace: Namespace.rdf)
        entry.id = context.entryID(guid?.text ?? about, entry: entry, base: guid?.base ?? base)
        entry.language = item.first([XML.Name(Namespace.dc, "language")])?.trimmedText ?? item.language
        return entry
    }

    /// True for an element of RSS's own namespace (or none).
    private func isCore(_ element: XML.Element) -> Bool {
        element.namespace == nil || element.namespace == core
    }

    /// What an item's HTML resolves against: its element's `xml:base` when the document gives
    /// one; else the item's link, where that HTML is published, when it is an absolute http(s)
    /// URL (so `<img src="a.png">` and `#note` point into the post, as feed readers resolve
    /// them); else the document URL.
    private func htmlBase(_ element: XML.Element?, link: String?) -> URL? {
        guard let element else { return nil }
        guard element.base == context.documentURL, let link, let url = URL(string: link), url.hasHTTPScheme else {
            return element.base
        }
        return url
    }

    /// The HTML of an RSS text element: its text (escaped HTML, CDATA) or, for inline XHTML
    /// (`xhtml:body`, markup written unescaped), the serialized children.
    /// The HTML of an item's description or content: its markup, or its text escaped when its
    /// `type` says plain text (`PlainTextType`, with a warning).
    private mutating func html(_ element: XML.Element?, field: String, link: String?) -> EntryHTML? {
        guard let element else { return nil }
        let base = htmlBase(element, link: link)
        guard let type = PlainTextType.declared(element) else {
            return context.html(markup(element), base: base, mayBeEscapedTwice: isEscaped(element))
        }
        context.warnings.append(
            PlainTextType.warning(field: field, name: element.name, type: type, isTitle: false, atom: false))
        return context.html(
            PlainText.escapedHTML(PlainText.decodingEntities(element.text)), base: base, mayBeEscapedTwice: false)
    }

    private func markup(_ element: XML.Element) -> String {
        element.elements.isEmpty ? element.text : element.innerXML
    }

    /// True when the element's HTML is escaped text (RSS's own form), not inline XHTML markup.
    private func isEscaped(_ element: XML.Element) -> Bool {
        element.elements.isEmpty
    }

    /// A guid that is a permalink (RSS 2.0: `isPermaLink` defaults to true) and an http(s) URL.
    private func permalink(_ guid: XML.Element?, base: URL?) -> String? {
        guard let guid, guid.name == "guid", guid.attribute("isPermaLink")?.lowercased() != "false",
            let text = guid.trimmedText, text.hasPrefix("http://") || text.hasPrefix("https://")
        else { return nil }
        return context.url(text, base: base)
    }

    /// The href of `atom:link` with the given rel (`alternate` also matches a missing rel).
    private func atomLink(in element: XML.Element, rel: String) -> String? {
        let link = element.all([XML.Name(Namespace.atom, "link")]).first { link in
            (link.attribute("rel") ?? "alternate") == rel
        }
        return context.url(link?.attribute("href"), base: link?.base)
    }

    private func person(_ element: XML.Element) -> Person? {
        if let name = element.elements.first(where: { $0.name == "name" }) {
            return AtomReader.person(element, name: name, context: context)
        }
        return context.person(element.text)
    }

    /// `category` text (or an Atom-style `term` attribute), then `dc:subject`, `itunes:category`
    /// (its `text` attribute; a nested one, the subcategory, after its parent) and
    /// `media:category`, then the comma-separated names of a `<tags>` element (written by some
    /// generators beside or instead of `category`), deduplicated.
    private func categories(_ item: XML.Element) -> [String] {
        var seen = Set<String>()
        var terms: [String] = []
        func add(_ text: String?) {
            guard let term = text.flatMap(PlainText.collapse), seen.insert(term).inserted else { return }
            terms.append(term)
        }
        let itunes = [XML.Name(Namespace.itunes, "category")]
        for element in item.all(FieldPrecedence.rssItemCategories, core: core) {
            add(PlainText.collapse(element.text) ?? element.attribute("term") ?? element.attribute("text"))
            if element.is(itunes[0]) {
                for nested in element.all(itunes) { add(nested.attribute("text")) }
            }
        }
        for tags in item.all([XML.Name(nil, "tags")], core: core) {
            for name in tags.text.split(separator: ",") { add(String(name)) }
        }
        return terms
    }
}
