import FeedParser
import Foundation
import PlanetBase

/// Writes the river as a JSON Feed 1.1 document (`feed.json`, https://jsonfeed.org/version/1.1),
/// beside rss.xml and atom.xml.
///
/// It is written by code rather than a template: Mustache has no JSON string escaping and no way
/// to leave out the comma after a list's last member. The bytes are deterministic (`JSONValue`:
/// sorted keys), so an unchanged river writes the same file.
///
/// The required members are always present: top-level `version`, `title` and `items`; each item's
/// `id` (a string: the entry's published id, as in atom.xml) and `content_html` (else
/// `content_text`, the display title); each attachment's `url` and `mime_type`
/// (`application/octet-stream` when the feed gave none). An item credits the same person as
/// atom.xml (`authors`), names its feed in `_planet.source` (JSON Feed 1.1 "Extensions": members
/// starting with `_` are ignored by readers that do not know them), and has a `title` only when
/// the post has one (JSON Feed 1.1: a microblog item may have none) or when `item_title` puts the
/// feed's name in it.
enum JSONFeedWriter {
    /// The MIME type of the document (JSON Feed 1.1, "Discovery").
    static let mediaType = "application/feed+json"

    /// feed.json of `context`, UTF-8 with a final newline.
    static func document(_ context: SiteContext) -> Data {
        let configuration = context.configuration
        let display = DayFormatter(configuration)
        let link = PublicLink.check(configuration.link)
        var feed: [String: JSONValue] = [
            "version": .string("https://jsonfeed.org/version/1.1"),
            "title": .string(configuration.title),
            "language": .string(configuration.language),
            "items": .array(context.siteEntries(display: display).map { item($0, itemTitle: configuration.itemTitle) })
        ]
        if let link {
            feed["home_page_url"] = .string(link)
            feed["feed_url"] = .string(URL(string: "feed.json", relativeTo: URL(string: link))?.absoluteString ?? link)
        }
        if !configuration.description.isEmpty { feed["description"] = .string(configuration.description) }
        return Data((JSONValue.object(feed).rendered() + "\n").utf8)
    }

    private static func item(_ facts: SiteEntry, itemTitle: SiteConfiguration.ItemTitle) -> JSONValue {
        let item = facts.item
        var fields: [String: JSONValue] = [
            "id": .string(facts.publishedID),
            "date_published": .string(FeedDateParser.rfc3339(item.date)),
            "date_modified": .string(FeedDateParser.rfc3339(facts.updated))
        ]
        if facts.title != nil || itemTitle == .nameAndTitle { fields["title"] = .string(facts.feedTitle) }
        if let link = facts.link { fields["url"] = .string(link) }
        if let content = facts.content {
            fields["content_html"] = .string(content)
        } else {
            fields["content_text"] = .string(facts.displayTitle)
        }
        var author: [String: JSONValue] = ["name": .string(facts.creditName)]
        if let uri = facts.creditURI { author["url"] = .string(uri) }
        fields["authors"] = .array([.object(author)])
        if let language = facts.language { fields["language"] = .string(language) }
        if !item.entry.categories.isEmpty { fields["tags"] = .array(item.entry.categories.map(JSONValue.string)) }
        if !facts.enclosures.isEmpty {
            fields["attachments"] = .array(
                facts.enclosures.map { enclosure in
                    var attachment: [String: JSONValue] = [
                        "url": .string(enclosure.url),
                        "mime_type": .string(enclosure.type ?? "application/octet-stream")
                    ]
                    if let length = enclosure.length { attachment["size_in_bytes"] = .int(length) }
                    return .object(attachment)
                })
        }
        var source: [String: JSONValue] = ["title": .string(facts.sourceTitle), "id": .string(facts.sourceID)]
        if let url = item.source.publicFeedURL { source["feed_url"] = .string(url) }
        if let site = item.source.siteLink { source["home_page_url"] = .string(site) }
        fields["_planet"] = .object(["source": .object(source)])
        return .object(fields)
    }
}
