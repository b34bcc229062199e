import FeedParser
import Foundation
import Mustache
import PlanetBase
import PlanetRiver
import PlanetSubscriptions

/// Turns the river and the subscriptions into the value tree the templates render.
///
/// Every variable is documented in `templates/README.md`. Text values are plain text (the
/// template escapes them); `content` and `summary` are sanitized HTML (print with `{{{ }}}`);
/// URLs are absolute and safe (http, https, mailto).
package struct SiteContext: Sendable {
    /// Planet-wide settings: title, link, owner, time zone, language.
    package var configuration: SiteConfiguration
    /// The entries to show, in river order (newest first).
    package var river: [RiverEntry]
    /// Every subscription, for the sidebar and the OPML list.
    package var subscriptions: [SiteSubscription]
    /// The build time: entries are dated no later than it.
    package var now: Date
    /// When the site last changed, printed as `planet.updated_*`: the build time of the last
    /// build that changed a file (nil: `now`, as for a first build). A build that changes nothing
    /// then renders the same bytes as the one before (Benchmarks/PERF.md, "Session 6").
    package var updated: Date?
    /// The Markdown pages (`pages/*.md`) and the index's intro.
    package var pages: SitePages
    /// Each feed's face (`Faces`) by feed URL (`RiverSource.feedURL`); a feed without one is absent.
    package var faces: [String: SiteFace]
    /// The archive pages after the index (`page/2.html` …), each in river order
    /// (`River.pages`); empty by default: no archive.
    package var olderPages: [[RiverEntry]] = []
    /// Each entry's `excerpt` is made with this width (`HTMLExcerpt`) when set; nil leaves it
    /// out. `Site` sets it to `configuration.excerptLength` when a template uses `excerpt`, so
    /// that a site without teasers does not parse every entry's HTML once more.
    package var excerptWidth: Int?

    /// Creates a context with the given fields; no Markdown pages and no faces by default.
    package init(
        configuration: SiteConfiguration, river: [RiverEntry],
        subscriptions: [SiteSubscription], now: Date, pages: SitePages = SitePages(),
        faces: [String: SiteFace] = [:]
    ) {
        self.configuration = configuration
        self.river = river
        self.subscriptions = subscriptions
        self.now = now
        self.pages = pages
        self.faces = faces
    }

    /// The root value handed to every template at the site's top level (the index, feeds,
    /// status and Markdown pages).
    package func value() -> MustacheValue {
        value(display: DayFormatter(configuration))
    }

    /// `value()` with the given day formatter (one per render: it keeps its ICU formatters).
    func value(display: DayFormatter) -> MustacheValue {
        .object(rootFields(display: display))
    }

    /// The root value of archive page `number` (2 for `page/2.html`): `root` (from `value()`)
    /// with that page's `entries` and `days`, no `intro`, the `pager` and `root` = `../`, and faces
    /// in `subscriptions` relative to the `page/` folder.
    func value(_ root: MustacheValue, archivePage number: Int, display: DayFormatter) -> MustacheValue {
        guard case .object(var fields) = root, olderPages.indices.contains(number - 2) else { return root }
        let river = olderPages[number - 2]
        let prefix = Self.archiveRoot
        let facts = SiteEntry.entries(river, display: display, now: now, itemTitle: configuration.itemTitle)
        let entries = facts.map { entryValue($0, display: display, root: prefix) }
        fields["entries"] = .array(entries)
        let items = themeItems(facts, display: display)
        fields["Items"] = .array(items)
        fields["has_Items"] = .bool(!items.isEmpty)
        fields["days"] = .array(days(river, entries: entries, display: display))
        fields["intro"] = .null
        fields["root"] = .string(prefix)
        fields["pager"] = pagerValue(current: number)
        fields["subscriptions"] = .array(subscriptions.map { subscriptionValue($0, root: prefix) })
        return .object(fields)
    }

    /// The path from an archive page to the site's top level.
    static let archiveRoot = "../"

    /// The output path of archive page `number` (`page/2.html`).
    static func archivePath(_ number: Int) -> String { "page/\(number).html" }

    /// The page numbers the pager of page `current` lists: the first, the last and those within
    /// 3 of `current`, each with whether numbers were left out before it, so that a pager of
    /// 1,000 pages is not 1,000 links on each of them.
    static func pagerNumbers(current: Int, count: Int) -> [(number: Int, gapBefore: Bool)] {
        var numbers: [(number: Int, gapBefore: Bool)] = []
        for target in 1...max(1, count) where target == 1 || target == count || abs(target - current) <= 3 {
            numbers.append((target, (numbers.last?.number).map { target - $0 > 1 } ?? false))
        }
        return numbers
    }

    /// `pager` of page `number` (1 is the index): `number`, `count`, `newer_href` and
    /// `older_href` (relative to that page, null at either end) and `pages` (`pagerNumbers`),
    /// each `number`, `href`, `current`, `gap_before`; null when there are no archive pages.
    private func pagerValue(current number: Int) -> MustacheValue {
        let count = olderPages.count + 1
        guard count > 1 else { return .null }
        func href(_ target: Int) -> String {
            switch (number == 1, target == 1) {
            case (true, true): "index.html"
            case (true, false): Self.archivePath(target)
            case (false, true): Self.archiveRoot + "index.html"
            case (false, false): "\(target).html"
            }
        }
        return .object([
            "number": .int(number),
            "count": .int(count),
            "newer_href": number > 1 ? .string(href(number - 1)) : .null,
            "older_href": number < count ? .string(href(number + 1)) : .null,
            "pages": .array(
                Self.pagerNumbers(current: number, count: count).map { target, gap in
                    .object([
                        "number": .int(target), "href": .string(href(target)), "current": .bool(target == number),
                        "gap_before": .bool(gap)
                    ])
                })
        ])
    }

    /// The root value for rendering one Markdown page: `root` (from `value()`) plus `page`, with
    /// `current` set on that page's entry of `pages`.
    func value(_ root: MustacheValue, page: SitePage) -> MustacheValue {
        guard case .object(var fields) = root else { return root }
        fields["pages"] = Self.pagesValue(pages.pages, current: page.name)
        fields["page"] = .object([
            "name": .string(page.name),
            "title": .string(page.title),
            "href": .string(page.outputName),
            "content": .string(page.html),
            "opens_with_heading": .bool(page.opensWithHeading)
        ])
        return .object(fields)
    }

    private func rootFields(display: DayFormatter) -> [String: MustacheValue] {
        let facts = siteEntries(display: display)
        let entries = facts.map { entryValue($0, display: display, root: "") }
        var fields: [String: MustacheValue] = [
            "planet": planetValue(display: display),
            "root": .string(""),
            "pager": pagerValue(current: 1),
            "entries": .array(entries),
            "days": .array(days(river, entries: entries, display: display)),
            "subscriptions": .array(subscriptions.map { subscriptionValue($0, root: "") }),
            "has_failing": .bool(subscriptions.contains { $0.failure != nil }),
            "pages": Self.pagesValue(pages.pages, current: nil),
            "has_pages": .bool(!pages.pages.isEmpty),
            "intro": optional(pages.intro)
        ]
        fields.merge(themeFields(facts, display: display)) { known, _ in known }
        return fields
    }

    private static func pagesValue(_ pages: [SitePage], current: String?) -> MustacheValue {
        .array(
            pages.map {
                .object([
                    "name": .string($0.name), "title": .string($0.title), "href": .string($0.outputName),
                    "current": .bool($0.name == current)
                ])
            })
    }

    /// `root` (from `value()`) with `planet.updated_*` set to `updated` and everything else as it
    /// was: the site of the same content, changed at another time, without building the value
    /// tree again.
    package func value(_ root: MustacheValue, updated: Date) -> MustacheValue {
        guard case .object(var fields) = root, case .object(var planet)? = fields["planet"] else { return root }
        for (key, value) in Self.updatedFields(updated, display: DayFormatter(configuration)) {
            planet[key] = value
        }
        fields["planet"] = .object(planet)
        fields.merge(Self.themeDates(updated, display: DayFormatter(configuration))) { _, new in new }
        fields["url_escaped"] = Self.urlEscaped(fields)
        return .object(fields)
    }

    /// `updated_iso`, `updated_rfc822` and `updated_display` of `date`.
    private static func updatedFields(_ date: Date, display: DayFormatter) -> [String: MustacheValue] {
        [
            "updated_iso": .string(FeedDateParser.rfc3339(date)),
            "updated_rfc822": .string(FeedDateParser.rfc822(date)),
            "updated_display": .string(display.dayAndTime(date))
        ]
    }

    private func planetValue(display: DayFormatter) -> MustacheValue {
        let link = PublicLink.check(configuration.link)
        var fields: [String: MustacheValue] = [
            "title": .string(configuration.title),
            "link": optional(link),
            "description": .string(configuration.description),
            "owner_name": optional(configuration.ownerName),
            "owner_email": optional(configuration.ownerEmail),
            "language": .string(configuration.language),
            "rtl": .bool(LanguageTag.direction(LanguageTag.normalized(configuration.language)) == "rtl"),
            "locale": optional(configuration.locale),
            "date_lang": optional(dateLanguage(within: configuration.language)),
            "generator": .string(PlanetVersion.generator),
            "version": .string(PlanetVersion.string),
            "timezone": .string(configuration.timeZone.identifier),
            "rss_url": optional(link.map { absolute("rss.xml", base: $0) }),
            "atom_url": optional(link.map { absolute("atom.xml", base: $0) }),
            "json_feed_url": optional(link.map { absolute("feed.json", base: $0) })
        ]
        fields.merge(Self.updatedFields(updated ?? now, display: display)) { _, new in new }
        return .object(fields)
    }

    /// The facts of every river entry, in river order.
    func siteEntries(display: DayFormatter) -> [SiteEntry] {
        SiteEntry.entries(river, display: display, now: now, itemTitle: configuration.itemTitle)
    }

    /// The locale of the dates when it is not the language of the element they are in
    /// (`within`: the entry's language, else the page's): the `lang` their `<time>` needs
    /// (HTML Living Standard §3.2.6.2). Nil without a locale, and when the primary languages agree.
    private func dateLanguage(within language: String) -> String? {
        guard let locale = configuration.locale else { return nil }
        func primary(_ tag: String) -> Substring { tag.lowercased().split(separator: "-").first ?? "" }
        return primary(locale) == primary(language) ? nil : locale
    }

    private func entryValue(_ facts: SiteEntry, display: DayFormatter, root: String) -> MustacheValue {
        let item = facts.item
        let entry = item.entry
        let rss = SiteEnclosure.rssEnclosure(facts.enclosures)
        let onPage = facts.enclosures.filter { $0.kind != .image }
        var fields = Self.channelFields(item.source.custom)
        fields.merge([
            "id": .string(entry.id.lowercased().hasPrefix("file:") ? facts.publishedID : entry.id),
            "id_is_link": .bool(facts.link != nil && facts.link == facts.publishedID),
            "atom_id": .string(facts.publishedID),
            "title": optional(facts.title),
            "display_title": .string(facts.displayTitle),
            "feed_title": .string(facts.feedTitle),
            "link": optional(facts.link),
            "author": optional(entry.author?.name ?? entry.author?.email),
            "credit": .object([
                "name": .string(facts.creditName), "email": optional(facts.creditEmail),
                "uri": optional(facts.creditURI)
            ]),
            "feed_name": .string(item.source.name),
            "feed_url": optional(item.source.publicFeedURL),
            "feed_link": optional(Self.siteLink(item.source.siteLink, item.source.custom)),
            "source": .object([
                "id": .string(facts.sourceID),
                "title": .string(facts.sourceTitle),
                "updated_iso": .string(FeedDateParser.rfc3339(facts.sourceUpdated)),
                "author_name": .string(facts.sourceAuthorName),
                "author_email": optional(item.source.head.authorName == nil ? nil : item.source.head.authorEmail),
                "author_uri": optional(item.source.head.authorURI)
            ]),
            "date_iso": .string(FeedDateParser.rfc3339(item.date)),
            "date_rfc822": .string(FeedDateParser.rfc822(item.date)),
            "updated_iso": .string(FeedDateParser.rfc3339(facts.updated)),
            "time_display": .string(display.time(item.date)),
            "date_lang": optional(dateLanguage(within: facts.language ?? configuration.language)),
            "day_display": .string(display.day(item.date)),
            "summary": optional(facts.summary),
            "content": optional(facts.content),
            "categories": .array(entry.categories.map { .string($0) }),
            "enclosures": .array(facts.enclosures.map(enclosureValue)),
            "rss_enclosure": rss.map(enclosureValue) ?? .null,
            "page_enclosures": .array(onPage.map(enclosureValue)),
            "has_page_enclosures": .bool(!onPage.isEmpty),
            "lang": optional(facts.language),
            "dir": .string(LanguageTag.direction(facts.language)),
            "face": Self.faceValue(faces[item.source.feedURL], root: root)
        ]) { _, known in known }
        if let width = excerptWidth { fields["excerpt"] = optional(Self.excerpt(facts, width: width)) }
        return .object(fields)
    }

    /// The teaser of an entry (`excerpt`): its summary, else its content, as plain text of at most
    /// `width` characters and "…" (`HTMLExcerpt`, Planet Venus `filters/excerpt.py`).
    static func excerpt(_ facts: SiteEntry, width: Int) -> String? {
        (facts.summary ?? facts.content).flatMap { HTMLExcerpt.excerpt($0, width: width) }
    }

    /// `{src, width, height}` of a face, or null. In the sidebar the default template shows it
    /// at half size: `small_width`, `small_height` (at least 1).
    /// A `src` in the site (`faces/NAME`) is prefixed with `root` (`../` on archive pages); an
    /// http(s) URL is kept.
    static func faceValue(_ face: SiteFace?, root: String = "") -> MustacheValue {
        guard let face else { return .null }
        let src = face.src.hasPrefix("faces/") ? root + face.src : face.src
        return .object([
            "src": .string(src), "width": .int(face.width), "height": .int(face.height),
            "small_width": .int(max(1, face.width / 2)), "small_height": .int(max(1, face.height / 2))
        ])
    }

    /// `channel_KEY` for each per-feed setting planet does not know (Planet Venus's names for
    /// per-feed keys), as plain text.
    static func channelFields(_ custom: [FeedSettings.Pair]) -> [String: MustacheValue] {
        var fields: [String: MustacheValue] = [:]
        for pair in custom where fields["channel_" + pair.key] == nil {
            fields["channel_" + pair.key] = .string(pair.value)
        }
        return fields
    }

    private func enclosureValue(_ enclosure: SiteEnclosure) -> MustacheValue {
        .object([
            "url": .string(enclosure.url),
            "type": optional(enclosure.type),
            "rss_type": .string(enclosure.type ?? "application/octet-stream"),
            "length": enclosure.length.map { .string(String($0)) } ?? .null,
            "rss_length": .string(String(enclosure.length ?? 0)),
            "size_display": optional(enclosure.sizeDisplay),
            "file_name": .string(enclosure.fileName),
            "is_audio": .bool(enclosure.kind == .audio),
            "is_video": .bool(enclosure.kind == .video)
        ])
    }

    /// Consecutive entries of the same day (in the planet's time zone) grouped under it.
    private func days(_ river: [RiverEntry], entries: [MustacheValue], display: DayFormatter) -> [MustacheValue] {
        var groups: [(day: String, iso: String, entries: [MustacheValue])] = []
        for (item, value) in zip(river, entries) {
            let day = display.day(item.date)
            if groups.last?.day == day {
                groups[groups.count - 1].entries.append(value)
            } else {
                groups.append((day, display.isoDay(item.date), [value]))
            }
        }
        return groups.map {
            .object(["day": .string($0.day), "day_iso": .string($0.iso), "entries": .array($0.entries)])
        }
    }

    private func subscriptionValue(_ subscription: SiteSubscription, root: String) -> MustacheValue {
        var fields = Self.channelFields(subscription.custom)
        fields.merge([
            "name": .string(subscription.name),
            "feed_url": optional(subscription.feedURL),
            "site_link": optional(Self.siteLink(subscription.siteLink, subscription.custom)),
            "failing": .bool(subscription.failure != nil),
            "failure": optional(subscription.failure),
            "inactive": .bool(subscription.inactive),
            "face": Self.faceValue(subscription.face, root: root)
        ]) { _, known in known }
        return .object(fields)
    }

    private func optional(_ text: String?) -> MustacheValue {
        text.map { .string($0) } ?? .null
    }

    func absolute(_ path: String, base: String) -> String {
        URL(string: path, relativeTo: URL(string: base))?.absoluteString ?? path
    }
}
