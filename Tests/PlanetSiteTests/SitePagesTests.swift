import Foundation
import Testing

@testable import PlanetSite

/// Markdown pages: names, titles, the intro, the folder.
@Suite("Site: Markdown pages")
struct SitePagesTests {
    @Test("intro.md is the index's intro, the other files are pages sorted by name")
    func introAndPages() throws {
        let pages = try SitePages(markdown: ["intro": "Welcome *all*", "about": "# About us\n\nHi", "faq": "Q?"])
        #expect(pages.intro == "<p>Welcome <em>all</em></p>\n")
        #expect(pages.pages.map(\.name) == ["about", "faq"])
        #expect(pages.pages.map(\.title) == ["About us", "Faq"])
        #expect(pages.pages.map(\.outputName) == ["about.html", "faq.html"])
    }

    @Test("a page without a leading heading is titled after its name")
    func titleFromName() {
        let page = SitePage(name: "code-of_conduct", markdown: "Be kind.")
        #expect(page.title == "Code of conduct")
        #expect(!page.opensWithHeading)
    }

    @Test(
        "a name that cannot be a file of the site is refused, naming the file",
        arguments: ["my page", "_draft", ".hidden", "a/b", "café"])
    func badNames(_ name: String) {
        let error = #expect(throws: SiteError.self) {
            try SitePages(markdown: [name: "text"])
        }
        #expect(error?.reason == .invalidPageName(name))
        #expect(
            error?.description == "pages/\(name).md: a page name may only use letters, digits, "
                + "'-', '_' and '.', and may not start with '.' or '_'")
    }

    @Test("load reads *.md of the folder, skips other and hidden files; no folder means no pages")
    func load() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planet-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "# About\n".write(to: folder.appendingPathComponent("about.md"), atomically: true, encoding: .utf8)
        try "intro".write(to: folder.appendingPathComponent("intro.md"), atomically: true, encoding: .utf8)
        try "x".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try "x".write(to: folder.appendingPathComponent(".draft.md"), atomically: true, encoding: .utf8)
        let pages = try SitePages.load(folder: folder)
        #expect(
            pages.pages == [SitePage(name: "about", title: "About", html: "<h1>About</h1>\n", opensWithHeading: true)])
        #expect(pages.intro == "<p>intro</p>\n")
        #expect(try SitePages.load(folder: folder.appendingPathComponent("missing")) == SitePages())
    }

    @Test("the pages folder sits beside feeds.txt")
    func folderBesideConfig() {
        let config = URL(fileURLWithPath: "/srv/planet/feeds.txt")
        #expect(SitePages.folder(forConfig: config).path == "/srv/planet/pages")
    }
}
