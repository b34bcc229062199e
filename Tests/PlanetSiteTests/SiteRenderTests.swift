import FeedParser
import Foundation
import PlanetRiver
import Testing

@testable import PlanetSite

/// `Site.render`: top-level templates, Markdown pages in the shared layout, the entry values.
@Suite("Site: rendering pages")
struct SiteRenderTests {
    static let now = Date(timeIntervalSince1970: 1_796_400_000)  // 2026-12-04T16:00:00Z

    /// A templates folder with the given files (relative path → text), removed by the caller.
    func templates(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planet-site-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static let layoutFiles = [
        "partials/layout.mustache": "<title>{{$title}}{{planet.title}}{{/title}}</title>"
            + "{{#pages}}[{{title}}{{#current}}*{{/current}}]{{/pages}}|{{$content}}{{/content}}",
        "index.html.mustache":
            "{{<partials/layout}}{{$content}}{{{intro}}}{{#entries}}{{title}};{{/entries}}{{/content}}"
            + "{{/partials/layout}}",
        "_page.html.mustache":
            "{{<partials/layout}}{{$title}}{{page.title}}{{/title}}{{$content}}{{{page.content}}}{{/content}}"
            + "{{/partials/layout}}"
    ]

    func context(pages: SitePages, river: [RiverEntry] = []) -> SiteContext {
        SiteContext(
            configuration: SiteConfiguration(title: "P & Q"), river: river, subscriptions: [],
            now: Self.now, pages: pages)
    }

    @Test("Markdown pages render to NAME.html in the layout; the index shows the intro; partials are not output")
    func pagesInLayout() throws {
        let folder = try templates(Self.layoutFiles)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try SitePages(markdown: ["about": "# About\n\n<b>x</b>", "intro": "Hi"])
        let files = try Site(templatesURL: folder).render(context(pages: pages))
        #expect(files.keys.sorted() == ["about.html", "feed.json", "index.html"])
        #expect(
            String(decoding: try #require(files["index.html"]), as: UTF8.self)
                == "<title>P &amp; Q</title>[About]|<p>Hi</p>\n")
        #expect(
            String(decoding: try #require(files["about.html"]), as: UTF8.self)
                == "<title>About</title>[About*]|<h1>About</h1>\n<p><!-- raw HTML omitted -->x<!-- raw HTML omitted "
                + "--></p>\n"
        )
    }

    @Test("archive pages render to page/N.html with root '../', the pager, and faces relative to page/")
    func archivePages() throws {
        let folder = try templates([
            "index.html.mustache":
                "{{root}}|{{#pager}}{{number}}/{{count}} >{{older_href}}{{/pager}}|{{#entries}}{{title}};{{/entries}}",
            "_archive.html.mustache":
                "{{root}}|{{#pager}}{{number}}/{{count}} <{{newer_href}} >{{older_href}}{{/pager}}"
                + "|{{#pager.pages}}[{{href}}{{#current}}*{{/current}}]{{/pager.pages}}|{{#entries}}{{title}}"
                + "{{face.src}};{{/entries}}"
                + "{{#subscriptions}}{{face.src}}{{/subscriptions}}{{^intro}}no intro{{/intro}}"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = RiverSource(feedURL: "https://e.org/feed", name: "E")
        let face = SiteFace(src: "faces/e.png", width: 10, height: 10)
        func entry(_ title: String) -> RiverEntry {
            RiverEntry(entry: Entry(id: "https://e.org/\(title)", title: title), source: source, date: Self.now)
        }
        var subscription = SiteSubscription(name: "E", feedURL: nil)
        subscription.face = face
        var context = SiteContext(
            configuration: SiteConfiguration(), river: [entry("one")], subscriptions: [subscription],
            now: Self.now, pages: try SitePages(markdown: ["intro": "Hi"]),
            faces: [source.feedURL: face])
        context.olderPages = [[entry("two")], [entry("three")]]
        let site = try Site(templatesURL: folder)
        #expect(site.rendersArchive)
        let files = try site.render(context)
        func text(_ name: String) throws -> String { String(decoding: try #require(files[name]), as: UTF8.self) }
        #expect(try text("index.html") == "|1/3 >page/2.html|one;")
        #expect(
            try text("page/2.html")
                == "../|2/3 <../index.html >3.html|[../index.html][2.html*][3.html]|two../faces/e.png;../faces/e.png"
                + "no intro")
        #expect(try text("page/3.html").hasPrefix("../|3/3 <2.html >|"))
        #expect(files["page/4.html"] == nil)

        let withoutArchive = try templates(["index.html.mustache": "x"])
        defer { try? FileManager.default.removeItem(at: withoutArchive) }
        #expect(try !Site(templatesURL: withoutArchive).rendersArchive)
        let error = #expect(throws: SiteError.self) {
            try Site(templatesURL: withoutArchive).render(context)
        }
        #expect(error?.reason == .missingArchiveTemplate(place: withoutArchive.path))
        #expect(
            error?.description == "\(withoutArchive.path)/_archive.html.mustache: missing; it renders the archive pages"
        )
    }

    @Test("a page that would overwrite a templated file is refused")
    func collision() throws {
        let folder = try templates(Self.layoutFiles)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try SitePages(markdown: ["index": "x"])
        let error = #expect(throws: SiteError.self) {
            try Site(templatesURL: folder).render(context(pages: pages))
        }
        #expect(error?.reason == .pageCollision(page: "index", output: "index.html"))
        #expect(
            error?.description == "pages/index.md: 'index.html' is already rendered from a template; rename the page")
    }

    @Test("pages without _page.html.mustache are a template error; without pages it is not needed")
    func missingPageTemplate() throws {
        let folder = try templates(["index.html.mustache": "x"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try Site(templatesURL: folder)
        #expect(try site.render(context(pages: SitePages())).keys.sorted() == ["feed.json", "index.html"])
        let error = #expect(throws: SiteError.self) {
            try site.render(context(pages: try SitePages(markdown: ["about": "x"])))
        }
        #expect(error?.reason == .missingPageTemplate(place: folder.path))
        #expect(error?.description == "\(folder.path)/_page.html.mustache: missing; it renders the Markdown pages")
    }

    @Test("entry values: file: ids are never published, updated is never before the date nor after the build")
    func entryValues() throws {
        let early = Self.now.addingTimeInterval(-86_400)
        let source = RiverSource(feedURL: "/srv/feed.xml", name: "Local")
        let river = [
            RiverEntry(
                entry: Entry(
                    id: "file:///Changelog-16", link: "https://e.org/a", updated: early.addingTimeInterval(-60)),
                source: source, date: early),
            RiverEntry(
                entry: Entry(id: "https://e.org/b", link: "https://e.org/b", updated: Self.now.addingTimeInterval(60)),
                source: source, date: early)
        ]
        let root = context(pages: SitePages(), river: river).value()
        guard case .array(let entries)? = root["entries"] else {
            Issue.record("no entries")
            return
        }
        let values = entries.map { entry in
            ["id", "atom_id", "updated_iso", "id_is_link"].map { key -> String in
                switch entry[key] {
                case .string(let text)?: text
                case .bool(let flag)?: String(flag)
                default: "?"
                }
            }
        }
        #expect(values[0][0].hasPrefix("urn:planet:") && values[0][0] == values[0][1])
        #expect(values[0][2] == "2026-12-03T16:00:00Z")
        #expect(values[1] == ["https://e.org/b", "https://e.org/b", "2026-12-04T16:00:00Z", "true"])
    }
}

/// `excerpt` on each entry: the summary (else content) as plain text of `excerpt_length` characters.
@Suite("Site: entry excerpts")
struct SiteExcerptTests {
    @Test("{{excerpt}} is the entry's text cut to the configured width, escaped by the template")
    func excerptInTemplate() throws {
        let site = try Site(files: ["index.html.mustache": "{{#entries}}[{{excerpt}}]{{/entries}}"])
        let source = RiverSource(feedURL: "https://e.org/feed", name: "E")
        let entry = Entry(
            id: "https://e.org/1", title: "T",
            content: "<p>Fish &amp; chips<img src=\"https://e.org/a.png\"> are served daily</p>")
        var configuration = SiteConfiguration()
        configuration.excerptLength = 16
        let context = SiteContext(
            configuration: configuration, river: [RiverEntry(entry: entry, source: source, date: SiteRenderTests.now)],
            subscriptions: [], now: SiteRenderTests.now)
        let files = try site.render(context)
        #expect(String(decoding: try #require(files["index.html"]), as: UTF8.self) == "[Fish &amp; chips are…]")
    }
}
