import FeedParser
import Foundation
import PlanetRiver
import PlanetSubscriptions
import Testing

@testable import PlanetSite

/// What the merged feeds say about each entry: ids, titles, credit, source, enclosures, language,
/// and the JSON Feed 1.1 document.
@Suite("Site: merged feeds")
struct MergedFeedTests {
    static let now = Date(timeIntervalSince1970: 1_796_400_000)  // 2026-12-04T16:00:00Z

    @Test("ids: kept only as absolute IRIs of registered schemes; a tag: needs RFC 4151's date")
    func publishedIDs() {
        for id in [
            "https://e.org/p/1", "http://e.org/?p=1", "tag:e.org,2005:1", "tag:e.org,2005-02:x",
            "tag:e.org,2004-02-29:x", "tag:jane@e.org,2026-12-04:post/1",
            "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a",
            "mailto:a@e.org"
        ] {
            #expect(PublishedID.isPublishable(id), "\(id)")
        }
        for id in [
            "tag:hatena.ne.jp,2005-2006:blog-x", "tag:e.org,2005-13:x", "tag:e.org,2005-02-30:x",
            "tag:e.org,2005-2-3:x", "tag:e.org:x", "tag:,2005:x", "yt:video:dQw4w9WgXcQ", "post-12",
            "urn:x:1", "urn:uuid", "http://", "https://e.org/a b", "file:///srv/a", "javascript:alert(1)"
        ] {
            #expect(!PublishedID.isPublishable(id), "\(id)")
        }
        let source = RiverSource(feedURL: "https://h.example/feed", name: "H", publicFeedURL: "https://h.example/feed")
        let replaced = SiteEntry.publishedID("tag:hatena.ne.jp,2005-2006:blog-x", feed: source)
        #expect(replaced.hasPrefix("urn:planet:") && PublishedID.isPublishable(replaced))
        #expect(SiteEntry.publishedID("tag:hatena.ne.jp,2005-2006:blog-x", feed: source) == replaced)
    }

    @Test(
        """
        a source's updated is not later than its newest entry in the list: a feed that stamps <updated> with the \
        time of each request does not move atom:source; an older one is kept
        """
    )
    func sourceUpdatedFollowsTheEntries() {
        let display = DayFormatter(timeZone: .gmt)
        func river(headUpdated: Date) -> [RiverEntry] {
            let source = RiverSource(
                feedURL: "https://b.example/feed", name: "B", head: RiverSourceHead(updated: headUpdated))
            let other = RiverSource(
                feedURL: "https://c.example/feed", name: "C", head: RiverSourceHead(updated: Self.now))
            return [
                RiverEntry(entry: Entry(id: "1"), source: source, date: Self.now.addingTimeInterval(-3600)),
                RiverEntry(entry: Entry(id: "2"), source: source, date: Self.now.addingTimeInterval(-7200)),
                RiverEntry(entry: Entry(id: "3"), source: other, date: Self.now.addingTimeInterval(-60))
            ]
        }
        // Stamped a minute before the build, two requests apart: the same atom:source updated.
        for stamp in [-60.0, -1] {
            let entries = SiteEntry.entries(
                river(headUpdated: Self.now.addingTimeInterval(stamp)), display: display, now: Self.now,
                itemTitle: .nameAndTitle)
            let newest = Self.now.addingTimeInterval(-3600)
            #expect(entries[0].sourceUpdated == newest && entries[1].sourceUpdated == newest)
            #expect(entries[2].sourceUpdated == Self.now.addingTimeInterval(-60))
        }
        // A feed's own date older than its newest entry stays as it is.
        let old = Self.now.addingTimeInterval(-86_400)
        let entries = SiteEntry.entries(
            river(headUpdated: old), display: display, now: Self.now, itemTitle: .nameAndTitle)
        #expect(entries[0].sourceUpdated == old && entries[1].sourceUpdated == old)
    }

    func facts(
        _ entry: Entry, source: RiverSource = RiverSource(feedURL: "https://b.example/feed", name: "Jane Doe"),
        itemTitle: SiteConfiguration.ItemTitle = .nameAndTitle
    ) -> SiteEntry {
        SiteEntry(
            RiverEntry(entry: entry, source: source, date: Self.now.addingTimeInterval(-3600)),
            display: DayFormatter(timeZone: .gmt), now: Self.now, itemTitle: itemTitle)
    }

    @Test(
        """
        titles: 'Name: Title' by default, the post's own with item_title = title; an untitled post is named by its \
        feed and date
        """
    )
    func titles() {
        #expect(facts(Entry(id: "1", title: "Hello")).feedTitle == "Jane Doe: Hello")
        #expect(facts(Entry(id: "1", title: "Hello"), itemTitle: .title).feedTitle == "Hello")
        let untitled = facts(Entry(id: "1", title: ""))
        #expect(untitled.title == nil)
        #expect(untitled.displayTitle == "Jane Doe, 4 December 2026")
        #expect(untitled.feedTitle == "Jane Doe: 4 December 2026")
        #expect(facts(Entry(id: "1"), itemTitle: .title).feedTitle == "Jane Doe, 4 December 2026")
    }

    @Test(
        "credit and source: the post's author, else its feed's, else the subscription's name; never the planet's owner")
    func credit() {
        let head = RiverSourceHead(
            id: "tag:b.example,2026:feed", title: "B's blog", updated: Self.now.addingTimeInterval(-60),
            authorName: "Bea", authorURI: "https://b.example/")
        let source = RiverSource(
            feedURL: "https://b.example/feed", name: "Bea B.", siteLink: "https://b.example/",
            publicFeedURL: "https://b.example/feed", head: head)
        let own = facts(Entry(id: "1", author: Person(name: "Ada", email: "ada@e.org")), source: source)
        #expect((own.creditName, own.creditEmail) == ("Ada", "ada@e.org"))
        let inherited = facts(Entry(id: "1"), source: source)
        #expect((inherited.creditName, inherited.creditURI) == ("Bea", "https://b.example/"))
        #expect(inherited.sourceID == "tag:b.example,2026:feed" && inherited.sourceTitle == "B's blog")
        #expect(inherited.sourceUpdated == Self.now.addingTimeInterval(-60))
        let bare = facts(
            Entry(id: "1"),
            source: RiverSource(
                feedURL: "https://c.example/feed", name: "Cy",
                publicFeedURL: "https://c.example/feed",
                head: RiverSourceHead(id: "yt:channel:x")))
        #expect(bare.creditName == "Cy" && bare.sourceAuthorName == "Cy")
        #expect(bare.sourceID == "https://c.example/feed")
    }

    @Test("enclosures: http(s) only, each once; RSS gets the first audio or video one; sizes in SI units")
    func enclosures() {
        let entry = Entry(
            id: "1",
            enclosures: [
                Enclosure(url: "https://m.example/cover.jpg", type: "image/jpeg"),
                Enclosure(url: "javascript:alert(1)", type: "audio/mpeg"),
                Enclosure(url: "ftp://m.example/a.mp3", type: "audio/mpeg"),
                Enclosure(url: "https://m.example/ep1.mp3", type: "Audio/MPEG", length: 24_137_000),
                Enclosure(url: "https://m.example/ep1.mp3", type: "audio/mpeg"),
                Enclosure(url: "https://m.example/notes", type: "not a type", length: -1)
            ])
        let list = SiteEnclosure.of(entry)
        #expect(
            list.map(\.url) == ["https://m.example/cover.jpg", "https://m.example/ep1.mp3", "https://m.example/notes"])
        #expect(list[1].type == "audio/mpeg" && list[1].kind == .audio && list[1].sizeDisplay == "24.1 MB")
        #expect(list[2].type == nil && list[2].length == nil)
        #expect(SiteEnclosure.rssEnclosure(list)?.url == "https://m.example/ep1.mp3")
        #expect(
            SiteEnclosure.of(Entry(id: "1", enclosures: [Enclosure(url: "http://c.example/_1_photo.JPG?w=9")]))
                .first?.kind == .image)
        #expect(SiteEnclosure.typeByExtension("https://m.example/ep.m4a") == "audio/mp4")
        #expect(SiteEnclosure(url: "https://x/a", length: 830_000).sizeDisplay == "830 kB")
        #expect(SiteEnclosure(url: "https://x/a", length: 512).sizeDisplay == "512 bytes")
    }

    @Test("language: the entry's own, else its feed's; only well-formed tags; Arabic-script languages are rtl")
    func language() {
        let urdu = RiverSource(
            feedURL: "https://u.example/feed", name: "BBC Urdu", head: RiverSourceHead(language: "ur"))
        #expect(facts(Entry(id: "1"), source: urdu).language == "ur")
        #expect(facts(Entry(id: "1", language: "en-GB"), source: urdu).language == "en-GB")
        #expect(LanguageTag.normalized("English") == nil && LanguageTag.normalized("en_US") == "en-US")
        #expect(LanguageTag.normalized("en-us.UTF-8") == nil)
        #expect(LanguageTag.direction("ur") == "rtl" && LanguageTag.direction("ar-EG") == "rtl")
        #expect(LanguageTag.direction("fa-IR") == "rtl" && LanguageTag.direction("az-Arab") == "rtl")
        #expect(LanguageTag.direction("ku-Latn") == "auto" && LanguageTag.direction("en") == "auto")
        #expect(LanguageTag.direction(nil) == "auto")
    }

    @Test("feed.json has JSON Feed 1.1's required members: version, title, items; each item an id and content")
    func jsonFeedRequiredFields() throws {
        let source = RiverSource(
            feedURL: "https://b.example/feed", name: "Bea", publicFeedURL: "https://b.example/feed")
        let river = [
            RiverEntry(
                entry: Entry(
                    id: "post-1", title: "With content", content: "<p>x</p>",
                    enclosures: [Enclosure(url: "https://m.example/download?id=1", length: 10)]),
                source: source, date: Self.now.addingTimeInterval(-60)),
            RiverEntry(entry: Entry(id: "https://b.example/2"), source: source, date: Self.now.addingTimeInterval(-120))
        ]
        let context = SiteContext(
            configuration: SiteConfiguration(title: "P", link: "https://p.example/", itemTitle: .title),
            river: river, subscriptions: [], now: Self.now)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONFeedWriter.document(context)) as? [String: Any])
        #expect(object["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(object["title"] as? String == "P")
        #expect(object["feed_url"] as? String == "https://p.example/feed.json")
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == 2)
        for item in items {
            let id = try #require(item["id"] as? String)
            #expect(PublishedID.isPublishable(id))
            #expect(item["content_html"] is String || item["content_text"] is String)
            for attachment in item["attachments"] as? [[String: Any]] ?? [] {
                #expect(attachment["url"] is String && attachment["mime_type"] is String)
            }
        }
        #expect(items[0]["title"] as? String == "With content")
        #expect(
            (items[0]["attachments"] as? [[String: Any]])?.first?["mime_type"] as? String == "application/octet-stream")
        #expect(items[1]["title"] == nil && items[1]["content_text"] as? String == "Bea, 4 December 2026")
        #expect(items[1]["id"] as? String == "https://b.example/2")
    }
}

@Suite("feeds.txt: item_title")
struct ItemTitleSettingTests {
    @Test("item_title takes 'name: title' or 'title' (any case, any spaces around ':'); anything else is an error")
    func itemTitleSetting() throws {
        let file = URL(fileURLWithPath: "/tmp/planet-item-title/feeds.txt")
        #expect(try FeedList.parse("item_title = Title\n", file: file).settings.itemTitle == "title")
        #expect(try FeedList.parse("item_title = Name:Title\n", file: file).settings.itemTitle == "name: title")
        #expect(try FeedList.parse("title = x\n", file: file).settings.itemTitle == nil)
        #expect(throws: FeedListError.self) { try FeedList.parse("item_title = feed name first\n", file: file) }
    }
}

/// The default templates of the repository, rendered.
@Suite("Site: default templates")
struct DefaultTemplatePageTests {
    /// templates/ of this repository, found from this file's path (Tests/PlanetSiteTests/…).
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("templates")
    static let now = Date(timeIntervalSince1970: 1_796_400_000)

    func render(_ river: [RiverEntry]) throws -> [String: String] {
        let context = SiteContext(
            configuration: SiteConfiguration(title: "P", link: "https://p.example/"),
            river: river, subscriptions: [], now: Self.now)
        return try Site(templatesURL: Self.templates).render(context).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test(
        """
        an Urdu entry is lang=ur dir=rtl on the page and xml:lang=ur in atom.xml; an entry of unknown language is \
        dir=auto
        """
    )
    func languageAndDirection() throws {
        let urdu = RiverSource(
            feedURL: "https://u.example/feed", name: "BBC Urdu", head: RiverSourceHead(language: "ur"))
        let plain = RiverSource(feedURL: "https://e.example/feed", name: "E")
        let files = try render([
            RiverEntry(entry: Entry(id: "https://u.example/1", title: "پاکستان"), source: urdu, date: Self.now),
            RiverEntry(entry: Entry(id: "https://e.example/1", title: "Hello"), source: plain, date: Self.now)
        ])
        let index = try #require(files["index.html"])
        #expect(index.contains(#"<article class="entry" lang="ur" dir="rtl">"#))
        #expect(index.contains(#"<article class="entry" dir="auto">"#))
        #expect(try #require(files["atom.xml"]).contains(#"<entry xml:lang="ur">"#))
    }

    @Test("enclosures: an audio player and a link on the page, one <enclosure> in rss.xml, every one in atom.xml")
    func enclosures() throws {
        let source = RiverSource(
            feedURL: "https://pod.example/feed", name: "Pod", publicFeedURL: "https://pod.example/feed")
        let entry = Entry(
            id: "https://pod.example/ep1", title: "Episode 1", content: "<p>Notes</p>",
            enclosures: [
                Enclosure(url: "https://pod.example/ep1.mp3", type: "audio/mpeg", length: 1_000),
                Enclosure(url: "https://pod.example/ep1.ogg", type: "audio/ogg"),
                Enclosure(url: "javascript:alert(1)", type: "audio/mpeg")
            ])
        let files = try render([RiverEntry(entry: entry, source: source, date: Self.now)])
        let index = try #require(files["index.html"])
        let rss = try #require(files["rss.xml"])
        let atom = try #require(files["atom.xml"])
        #expect(index.contains(#"<audio controls preload="none" src="https://pod.example/ep1.mp3"></audio>"#))
        #expect(!index.contains("javascript:"))
        #expect(rss.components(separatedBy: "<enclosure ").count == 2)
        #expect(rss.contains(#"<enclosure url="https://pod.example/ep1.mp3" length="1000" type="audio/mpeg"/>"#))
        #expect(atom.components(separatedBy: #"rel="enclosure""#).count == 3)
        #expect(atom.contains(#"<link rel="enclosure" href="https://pod.example/ep1.ogg" type="audio/ogg"/>"#))
        #expect(!rss.contains("Untitled") && !atom.contains("Untitled"))
    }

    @Test("status.html is in the site's layout and marks a failing row in words")
    func statusPage() throws {
        let context = SiteContext(
            configuration: SiteConfiguration(title: "P", link: "https://p.example/"),
            river: [], subscriptions: [SiteSubscription(name: "Down", feedURL: nil, failure: "timeout")],
            now: Self.now)
        let report = StatusReport(
            title: "P", generated: Self.now,
            feeds: [
                FeedStatus(
                    subscriptionURL: "https://d.example/feed", url: "https://d.example/feed", name: "Down",
                    outcome: .failed,
                    lastError: "timeout", failureStreak: 1),
                FeedStatus(
                    subscriptionURL: "https://u.example/feed", url: "https://u.example/feed", name: "Up", outcome: .ok)
            ])
        let files = try Site(templatesURL: Self.templates).render(
            context, extra: ["feeds_status": report.mustacheValue])
        let status = String(decoding: try #require(files["status.html"]), as: UTF8.self)
        #expect(
            status.contains(#"<link rel="stylesheet" href="static/planet.css">"#)
                && status.contains(#"class="skip-link""#))
        #expect(status.contains(#"<tr class="failing">"#) && status.contains(#"<tr class="ok">"#))
        #expect(status.contains(#"Down</a> <span class="status-badge failing">failing</span>"#))
    }
}
