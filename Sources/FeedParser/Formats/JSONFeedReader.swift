import Foundation

/// Reads JSON Feed 1.0 and 1.1 (jsonfeed.org/version/1.1). Titles and `summary` are plain text in
/// the spec; `content_html` wins over `content_text` (the richer form, like `content:encoded`).
struct JSONFeedReader {
    var context: ReadContext

    /// Reads a JSON Feed document in UTF-8 (RFC 8259 §8.1), with or without a byte order mark,
    /// or in UTF-16 or UTF-32 with one (RFC 8259 §8.1 lets a parser accept these; RFC 7159 and
    /// RFC 4627 allowed them). Numbers are read as the text they were written with
    /// (`JSONNumberText`). A document `JSONSerialization` rejects is read again repaired, with
    /// warnings: bytes invalid in UTF-8 as the XML path reads them (`DocumentDecoder.decodeText`:
    /// windows-1252, else U+FFFD), then `JSONRepair` (raw controls, lone surrogate escapes, a
    /// truncated end).
    /// - Parameters:
    ///   - contentType: the HTTP `Content-Type`, used only for the character encoding of a
    ///     document that is not UTF-8.
    ///   - maxEntries: items read at most, the newest (`EntryLimit`).
    /// - Throws: `FeedParseError` `.malformed` when even the repaired document is no JSON,
    ///   `.notAFeed` for JSON without `items`.
    static func read(
        _ data: Data, url: URL?, contentType: String? = nil, sanitizing: HTMLSanitizing,
        maxEntries: Int = Feed.defaultMaxEntries
    ) throws(FeedParseError) -> Feed {
        var context = ReadContext(documentURL: url, sanitizing: sanitizing)
        let isWide = FeedSniffer.wideByteOrderMark(data)
        var text = data
        if isWide {
            let decoded = DocumentDecoder.decodeText(data, contentType: contentType)
            text = decoded.utf8
            context.warnings += decoded.warnings
        }
        var object = try? JSONSerialization.jsonObject(with: JSONNumberText.quoted(text))
        var cutShort = false
        if object == nil {
            // Already UTF-8 when it was wide: its label named the encoding it came in.
            let decoded =
                isWide
                ? DecodedDocument(utf8: text, sourceEncoding: Charset.utf8.name)
                : DocumentDecoder.decodeText(text, contentType: contentType)
            let repaired = JSONRepair.repair(decoded.utf8)
            object = try? JSONSerialization.jsonObject(with: JSONNumberText.quoted(repaired.data))
            if object != nil {
                context.warnings += decoded.warnings + repaired.warnings
                cutShort = repaired.cutShort
            }
        }
        guard let object else { throw FeedParseError(url: url, reason: .malformed("invalid JSON")) }
        guard let root = object as? [String: Any], var items = root["items"] as? [Any] else {
            throw FeedParseError(url: url, reason: .notAFeed("JSON without 'items'"))
        }
        var limit = EntryLimit(maxEntries)
        if let kept = limit.kept(count: items.count, date: { Self.latestDate(items[$0]) }) {
            items = items.indices.filter(kept.contains).map { items[$0] }
        }
        var reader = JSONFeedReader(context: context)
        var feed = reader.feed(root)
        feed.entries = reader.context.distinctIDs(
            items.enumerated().compactMap { index, item in
                (item as? [String: Any]).map { reader.entry($0, position: index + 1, home: feed.link) }
            })
        if let warning = limit.warning { reader.context.warnings.append(warning) }
        feed.warnings = reader.context.warnings
        feed.entriesDropped = limit.dropped
        feed.isCutShort = cutShort
        return feed
    }

    /// The later of an item's `date_published` and `date_modified`, for `EntryLimit`.
    private static func latestDate(_ item: Any) -> Date? {
        guard let item = item as? [String: Any] else { return nil }
        let dates = ["date_published", "date_modified"].compactMap {
            (item[$0] as? String).flatMap(FeedDateParser.parse)
        }
        return dates.max()
    }

    private mutating func feed(_ root: [String: Any]) -> Feed {
        var feed = Feed(format: .jsonFeed)
        feed.title = string(root["title"]).map(PlainText.decodingReferences).flatMap(PlainText.collapse)
        feed.link = context.url(string(root["home_page_url"]), base: context.documentURL)
        context.adoptSiteBase(feed.link)
        let base = context.documentURL
        feed.feedURL = context.url(string(root["feed_url"]), base: base)
        feed.subtitle = string(root["description"]).flatMap(PlainText.fromAmbiguous)
        feed.language = string(root["language"])
        feed.author = person(root["authors"]) ?? person(root["author"])
        if feed.author != nil {
            let object = (root["authors"] as? [Any])?.first as? [String: Any] ?? root["author"] as? [String: Any]
            feed.author?.avatar = context.url(string(object?["avatar"]), base: base)
        }
        // JSON Feed's `favicon` is the small square icon, its `icon` the large (512×512) image.
        feed.icon = context.url(string(root["favicon"]), base: base)
        feed.logo = context.url(string(root["icon"]), base: base)
        return feed
    }

    private mutating func entry(_ item: [String: Any], position: Int, home: String?) -> Entry {
        var entry = Entry(id: "")
        let base = context.documentURL
        // JSON Feed 1.1: `title` is plain text, never HTML (unlike RSS titles): "Die Rückkehr von <i>"
        // keeps its "<i>"; the character references that publishers put in it are decoded
        // (`AT&amp;T`). (`description` is read as ambiguous: real feeds put HTML in it.)
        entry.title = string(item["title"]).map(PlainText.decodingReferences).flatMap(PlainText.collapse)
        entry.link =
            context.url(string(item["url"]), base: base) ?? context.url(string(item["external_url"]), base: base)
        let field = "item \(position)"
        entry.published = context.date(string(item["date_published"]), field: field)
        entry.updated = context.date(string(item["date_modified"]), field: field)
        entry.author = person(item["authors"]) ?? person(item["author"])
        let contentBase = entry.link.flatMap { URL(string: $0) } ?? home.flatMap { URL(string: $0) }
        // `summary` and `content_text` are plain text (JSON Feed 1.1): escaped, never read as markup.
        let summary = context.html(
            string(item["summary"]).map { PlainText.escapedHTML(PlainText.decodingEntities($0)) },
            base: contentBase, mayBeEscapedTwice: false)
        var content = context.html(string(item["content_html"]), base: contentBase, mayBeEscapedTwice: true)
        if let text = string(item["content_text"]), EntryHTML.isEmpty(&content) {
            content = context.html(PlainText.escapedHTML(text), base: contentBase, mayBeEscapedTwice: false)
        }
        EntryHTML.assign(summary: summary, content: content, to: &entry)
        var seen = Set<String>()
        entry.categories = (item["tags"] as? [Any] ?? []).compactMap { tag in
            guard let term = string(tag).flatMap(PlainText.collapse), seen.insert(term).inserted else { return nil }
            return term
        }
        var enclosures: [Enclosure] = []
        for case let attachment as [String: Any] in item["attachments"] as? [Any] ?? [] {
            guard let url = context.url(string(attachment["url"]), base: base) else { continue }
            let length = ReadContext.length(string(attachment["size_in_bytes"]))
            enclosures.append(Enclosure(url: url, type: string(attachment["mime_type"]), length: length))
        }
        if let image = context.url(string(item["image"]), base: base), !enclosures.contains(where: { $0.url == image })
        {
            enclosures.append(Enclosure(url: image))
        }
        entry.enclosures = enclosures
        entry.id = context.entryID(string(item["id"]), entry: entry)
        entry.language = string(item["language"])
        return entry
    }

    /// JSON Feed 1.1 `authors` (first one) or 1.0 `author`: `name`, `url`, `avatar`.
    private func person(_ value: Any?) -> Person? {
        let object = (value as? [Any])?.first as? [String: Any] ?? value as? [String: Any]
        guard let object else { return nil }
        let person = Person(
            name: string(object["name"]).flatMap(PlainText.collapse),
            uri: context.url(string(object["url"]), base: context.documentURL))
        return person == Person() ? nil : person
    }

    /// A string value, nil for an empty one; a number is its text as written (`JSONNumberText`
    /// made it a string: `"id": 0` is "0"); `true`, `false`, arrays and objects are nil.
    private func string(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return text
    }
}
