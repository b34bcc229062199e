import FeedParser
import Foundation
import Mustache
import PlanetBase
import PlanetRiver
import PlanetSubscriptions

/// The variables of Planet 2.x and Planet Venus themes, with their meaning there (Venus
/// planet/shell/tmpl.py and docs/templates.html, Planet 2.x INSTALL), beside planet's own:
/// top-level `name`, `link`, `owner_name`, `owner_email`, `generator`, `date`, `date_iso`,
/// `date_822`, `feed`, `feedtype`, `url` (per output file: `Site.render`), the loops `Items`
/// and `Channels`, `has_Items`, `has_Channels`. Titles, content, summaries and taglines are HTML
/// (Venus escapes plain text into HTML first); every other value is plain text. Every field of
/// a loop's element is present (null when unknown), so that a name never resolves to the top
/// level's by accident. Each scope has `url_escaped`: its text values percent-encoded as
/// Python's `urllib.quote_plus` does (htmltmpl's `ESCAPE="URL"`). templates/README.md lists them.
extension SiteContext {
    /// The top-level theme variables (`url` aside) of a page whose river is `entries`.
    func themeFields(_ entries: [SiteEntry], display: DayFormatter) -> [String: MustacheValue] {
        let items = themeItems(entries, display: display)
        let channels = themeChannels(entries)
        let link = PublicLink.check(configuration.link)
        var fields: [String: MustacheValue] = [
            "name": .string(configuration.title),
            "link": Self.text(link),
            "owner_name": Self.text(configuration.ownerName),
            "owner_email": Self.text(configuration.ownerEmail),
            "generator": .string(PlanetVersion.generator),
            "feed": Self.text(link.map { absolute("atom.xml", base: $0) }),
            "feedtype": .string("atom"),
            "url": Self.text(link),
            "Items": .array(items),
            "Channels": .array(channels),
            "has_Items": .bool(!items.isEmpty),
            "has_Channels": .bool(!channels.isEmpty)
        ]
        fields.merge(Self.themeDates(updated ?? now, display: display)) { _, new in new }
        fields["url_escaped"] = Self.urlEscaped(fields)
        return fields
    }

    /// `date`, `date_iso`, `date_822` of `date` (Venus: when the page was made; planet: when the
    /// site last changed, so that a build that changes nothing writes nothing).
    static func themeDates(_ date: Date, display: DayFormatter) -> [String: MustacheValue] {
        [
            "date": .string(display.dayAndTime(date)), "date_iso": .string(FeedDateParser.rfc3339(date)),
            "date_822": .string(FeedDateParser.rfc822(date))
        ]
    }

    /// The `Items` loop: each entry with `new_date` on the first of each day and `new_channel` on
    /// the first of a run from one feed, and again after each `new_date` (Venus `template_info`).
    func themeItems(_ entries: [SiteEntry], display: DayFormatter) -> [MustacheValue] {
        var lastDay: String?
        var lastChannel: String?
        var items: [MustacheValue] = []
        for (index, facts) in entries.enumerated() {
            var fields = themeItem(facts, display: display)
            let day = display.day(facts.item.date)
            let newDay = day != lastDay
            fields["new_date"] = newDay ? .string(day) : .null
            lastDay = day
            let channel = facts.item.source.feedURL
            fields["new_channel"] = newDay || channel != lastChannel ? .string(channel) : .null
            lastChannel = channel
            fields.merge(Self.magic(index, count: entries.count)) { _, new in new }
            fields["url_escaped"] = Self.urlEscaped(fields)
            items.append(.object(fields))
        }
        return items
    }

    private func themeItem(_ facts: SiteEntry, display: DayFormatter) -> [String: MustacheValue] {
        let entry = facts.item.entry
        let source = facts.item.source
        let rss = SiteEnclosure.rssEnclosure(facts.enclosures)
        var fields: [String: MustacheValue] = [:]
        for pair in source.custom { fields["channel_" + pair.key] = .string(pair.value) }
        let author = entry.author?.name ?? entry.author?.email
        let published = entry.published.map { min($0, facts.item.date) } ?? facts.item.date
        fields.merge([
            "title": Self.html(facts.title), "title_plain": Self.text(facts.title),
            "link": Self.text(facts.link), "id": .string(entry.id),
            "content": Self.text(facts.content), "summary": Self.text(facts.summary),
            "author": Self.text(author), "author_name": Self.text(entry.author?.name),
            "author_email": Self.text(entry.author?.email), "author_uri": Self.text(facts.creditURI),
            "creator": Self.text(author),
            "channel_name": .string(source.name),
            "channel_link": Self.text(Self.siteLink(source.siteLink, source.custom)),
            "channel_title": Self.html(source.head.title ?? source.name),
            "channel_title_plain": .string(source.head.title ?? source.name),
            "channel_url": Self.text(source.publicFeedURL), "channel_face": Self.faceName(faces[source.feedURL]),
            "channel_facewidth": Self.faceSize(faces[source.feedURL]?.width),
            "channel_faceheight": Self.faceSize(faces[source.feedURL]?.height),
            "channel_tagline": .null, "channel_subtitle": .null,
            "published": .string(display.dayAndTime(published)),
            "published_iso": .string(FeedDateParser.rfc3339(published)),
            "published_822": .string(FeedDateParser.rfc822(published)),
            "updated": .string(display.dayAndTime(facts.updated)),
            "updated_iso": .string(FeedDateParser.rfc3339(facts.updated)),
            "updated_822": .string(FeedDateParser.rfc822(facts.updated)),
            "enclosure_href": Self.text(rss?.url), "enclosure_type": Self.text(rss?.type),
            "enclosure_length": Self.text(rss?.length.map(String.init)),
            "guid_isPermaLink": .string(entry.id == facts.link ? "true" : "false"),
            "title_language": Self.text(facts.language), "content_language": Self.text(facts.language)
        ]) { _, known in known }
        fields.merge(Self.themeDates(facts.item.date, display: display)) { _, new in new }
        return fields
    }

    /// The `Channels` loop: every subscription by name (as Venus sorts its sources), with its
    /// settings by their own names.
    func themeChannels(_ entries: [SiteEntry]) -> [MustacheValue] {
        var titles: [String: String] = [:]
        for facts in entries { titles[facts.item.source.feedURL] = facts.item.source.head.title }
        let sorted = subscriptions.enumerated().sorted { a, b in
            a.element.name != b.element.name ? a.element.name < b.element.name : a.offset < b.offset
        }
        return sorted.enumerated().map { index, element in
            let subscription = element.element
            var fields: [String: MustacheValue] = [:]
            for pair in subscription.custom where fields[pair.key] == nil { fields[pair.key] = .string(pair.value) }
            let title = subscription.feedURL.flatMap { titles[$0] } ?? subscription.name
            fields.merge([
                "name": .string(subscription.name), "title": Self.html(title), "title_plain": .string(title),
                "tagline": .null, "subtitle": .null,
                "link": Self.text(Self.siteLink(subscription.siteLink, subscription.custom)),
                "url": Self.text(subscription.feedURL), "message": Self.text(subscription.failure),
                "face": Self.faceName(subscription.face), "facewidth": Self.faceSize(subscription.face?.width),
                "faceheight": Self.faceSize(subscription.face?.height)
            ]) { _, known in known }
            fields.merge(Self.magic(index, count: sorted.count)) { _, new in new }
            fields["url_escaped"] = Self.urlEscaped(fields)
            return .object(fields)
        }
    }

    /// The feed's site as the page links it: its per-feed `link` setting (Venus: it overrides
    /// the feed's own) when it is a safe absolute URL, else the feed's own.
    static func siteLink(_ own: String?, _ custom: [FeedSettings.Pair]) -> String? {
        custom.first { $0.key == "link" }.flatMap { PublicLink.check($0.value) } ?? own
    }

    /// A face as Venus themes print it (`images/<TMPL_VAR channel_face>`): the file name in
    /// `faces/`, or the https URL; null without a face.
    static func faceName(_ face: SiteFace?) -> MustacheValue {
        guard let face else { return .null }
        return .string(face.src.hasPrefix("faces/") ? String(face.src.dropFirst("faces/".count)) : face.src)
    }

    /// A face's width or height in CSS pixels as Venus's `facewidth`/`faceheight` (text), null without a face.
    static func faceSize(_ pixels: Int?) -> MustacheValue {
        pixels.map { .string(String($0)) } ?? .null
    }

    /// htmltmpl's loop variables: `__FIRST__`, `__LAST__`, `__INNER__`, `__ODD__` (the 1st, 3rd, …
    /// pass), `__PASS__` (from 1), `__PASSTOTAL__`.
    static func magic(_ index: Int, count: Int) -> [String: MustacheValue] {
        [
            "__FIRST__": .bool(index == 0), "__LAST__": .bool(index == count - 1),
            "__INNER__": .bool(index != 0 && index != count - 1), "__ODD__": .bool(index % 2 == 0),
            "__PASS__": .int(index + 1), "__PASSTOTAL__": .int(count)
        ]
    }

    /// The string fields of `fields` (content and summary aside) as `urllib.quote_plus` writes them.
    static func urlEscaped(_ fields: [String: MustacheValue]) -> MustacheValue {
        var escaped: [String: MustacheValue] = [:]
        for (key, value) in fields where key != "content" && key != "summary" {
            if case .string(let text) = value { escaped[key] = .string(quotePlus(text)) }
        }
        return .object(escaped)
    }

    /// Python 2's `urllib.quote_plus`: letters, digits and `_.-` kept, a space as `+`, every other
    /// byte of the UTF-8 text as `%XX`.
    static func quotePlus(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
                out.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: " "):
                out.append("+")
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// Plain `text` as HTML (Venus's titles are HTML), null when nil.
    static func html(_ text: String?) -> MustacheValue {
        text.map { .string(MarkupEscaping.text.escaped($0)) } ?? .null
    }

    static func text(_ text: String?) -> MustacheValue {
        text.map { .string($0) } ?? .null
    }
}
