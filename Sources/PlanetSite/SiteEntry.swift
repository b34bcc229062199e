import FeedParser
import Foundation
import PlanetBase
import PlanetRiver

/// One river entry with everything the page and the merged feeds say about it, worked out once
/// for the templates (`SiteContext`) and for feed.json (`JSONFeedWriter`).
package struct SiteEntry: Sendable {
    /// The entry as the river holds it.
    var item: RiverEntry
    /// The entry's safe absolute link.
    var link: String?
    /// The post's own title; nil when it has none.
    var title: String?
    /// The post's title for people: its own, else "Feed name, 4 December 2026" (never a made-up
    /// word such as "Untitled post": RSS 2.0 allows an item without title, and its feed and date
    /// are what names it).
    var displayTitle: String
    /// The title in the merged feeds, per the setting `item_title`: "Feed name: Title" or the
    /// display title.
    var feedTitle: String
    /// Atom id and RSS guid: the entry's id when `PublishedID` accepts it, else `urn:planet:…`.
    var publishedID: String
    /// Sanitized HTML with absolute URLs: the summary, and the content else the summary.
    var summary: String?, content: String?
    /// Atom's updated (RFC 4287 §4.2.15): the entry's own, never before the date shown nor after
    /// the build.
    var updated: Date
    /// Who wrote the post, for the merged feeds: the entry's author, else its feed's
    /// (RFC 4287 §4.2.1 `atom:source` inheritance), else the subscription's display name — so that
    /// no post is credited to the planet's owner by the merged feed's own author.
    var creditName: String
    /// The credited person's email and http(s) URI, when the same source gave them.
    var creditEmail: String?, creditURI: String?
    /// The source feed's Atom id (RFC 4287 §4.2.11): its own id when publishable, else its public
    /// URL, else a `urn:planet:` id of its name.
    var sourceID: String
    /// The source feed's title: its own, else the display name.
    var sourceTitle: String
    /// The source feed's `<updated>`: its own, else the entry's date; never after the build, nor
    /// after the newest `updated` of that feed's entries in the same list (``entries(_:display:now:itemTitle:)``).
    var sourceUpdated: Date
    /// The source feed's author name (else the display name), email and URI.
    var sourceAuthorName: String
    /// Publishable enclosures, in document order.
    var enclosures: [SiteEnclosure]
    /// The entry's language (BCP 47), when known: see `SiteEntry.language(of:)`.
    var language: String?

    init(_ item: RiverEntry, display: DayFormatter, now: Date, itemTitle: SiteConfiguration.ItemTitle) {
        self.item = item
        let entry = item.entry
        let source = item.source
        let head = source.head
        link = PublicLink.check(entry.link)
        title = entry.title.flatMap { $0.isEmpty ? nil : $0 }
        displayTitle = title ?? display.named(source.name, item.date)
        switch itemTitle {
        case .nameAndTitle: feedTitle = "\(source.name): \(title ?? display.date(item.date))"
        case .title: feedTitle = displayTitle
        }
        publishedID = Self.publishedID(entry.id, feed: source)
        let base = link ?? source.siteLink
        summary = entry.summary.map { AbsoluteContent.resolve($0, base: base) }
        content = entry.content.map { AbsoluteContent.resolve($0, base: base) } ?? summary
        updated = min(max(entry.updated ?? item.date, item.date), max(now, item.date))
        let ownName = entry.author.flatMap { $0.name ?? $0.email }
        if let ownName, let author = entry.author {
            creditName = ownName
            creditEmail = author.name == nil ? nil : author.email
            creditURI = PublicLink.check(author.uri)
        } else if let name = head.authorName ?? head.authorEmail {
            creditName = name
            creditEmail = head.authorName == nil ? nil : head.authorEmail
            creditURI = head.authorURI
        } else {
            creditName = source.name
        }
        if let id = head.id, PublishedID.isPublishable(id) {
            sourceID = id
        } else if let url = source.publicFeedURL, PublishedID.isPublishable(url) {
            sourceID = url
        } else {
            sourceID = "urn:planet:" + StableHash.fnv1a64([source.siteLink ?? source.name])
        }
        sourceTitle = head.title.flatMap { $0.isEmpty ? nil : $0 } ?? source.name
        sourceUpdated = min(head.updated ?? item.date, max(now, item.date))
        sourceAuthorName = head.authorName ?? head.authorEmail ?? source.name
        enclosures = SiteEnclosure.of(entry)
        language = Self.language(of: item)
    }

    /// The facts of the entries of `river`, in order. A source's `<updated>` is not later than the
    /// newest `updated` of its entries among them: a feed that stamps its `<updated>` or
    /// `<lastBuildDate>` with the time of each request (many generators do) would otherwise change
    /// the merged Atom feed, and with it the whole site, on every build (README, "Running from
    /// cron"); what RFC 4287 §4.2.11 copies into `atom:source` then moves only when an entry does.
    static func entries(
        _ river: [RiverEntry], display: DayFormatter, now: Date, itemTitle: SiteConfiguration.ItemTitle
    ) -> [SiteEntry] {
        var entries = river.map { SiteEntry($0, display: display, now: now, itemTitle: itemTitle) }
        var newest: [String: Date] = [:]
        for entry in entries {
            newest[entry.item.source.feedURL] = max(newest[entry.item.source.feedURL] ?? entry.updated, entry.updated)
        }
        for index in entries.indices {
            if let limit = newest[entries[index].item.source.feedURL] {
                entries[index].sourceUpdated = min(entries[index].sourceUpdated, limit)
            }
        }
        return entries
    }

    /// The language of an entry: its own (`Entry.language`, the effective `xml:lang`), else its
    /// feed's; each only when it is a well-formed tag (`LanguageTag.normalized`). The feed's is
    /// the per-feed `language` setting of feeds.txt when the feed states none (`FeedSource.make`).
    static func language(of item: RiverEntry) -> String? {
        LanguageTag.normalized(item.entry.language) ?? LanguageTag.normalized(item.source.head.language)
    }

    /// An id as the merged feeds publish it (RFC 4287 §4.2.6): kept when `PublishedID` accepts
    /// it; any other (an RSS guid such as "post-12", a malformed `tag:`, `yt:video:…`, a `file:`
    /// id of a local feed) becomes a stable `urn:planet:` id. The hash takes the feed's public URL,
    /// else its site link, else its name: never a local path, so that ids do not change with the
    /// folder a planet is built in.
    static func publishedID(_ id: String, feed: RiverSource) -> String {
        if PublishedID.isPublishable(id) { return id }
        return "urn:planet:" + StableHash.fnv1a64([feed.publicFeedURL ?? feed.siteLink ?? feed.name, id])
    }
}
