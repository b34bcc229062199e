import Foundation
import Testing

@testable import PlanetSite

/// `Site` from templates held in memory (the CLI's built-in defaults) and template error messages.
@Suite("Site: templates from memory, error places")
struct SiteTemplateSourceTests {
    @Test func inMemoryTemplatesRenderAndStaticFilesAreKept() throws {
        let site = try Site(
            .builtIn([
                "index.html.mustache": "{{>partials/head}}<p>{{planet.title}}</p>",
                "partials/head.mustache": "<h1>x</h1>",
                "static/planet.css": "body {}\n",
                "README.md": "not a template",
                ".hidden.mustache": "{{"
            ]))
        #expect(site.templatesURL == nil)
        #expect(site.staticFolder == nil)
        #expect(site.pageNames == ["index.html"])
        #expect(site.staticFiles == ["static/planet.css": Data("body {}\n".utf8)])
    }

    /// An empty templates folder (or partials only) would publish a site without its pages, and
    /// the crontab's `rsync --delete` would take them off the web: the build stops instead.
    @Test(arguments: [[String](), ["partials/entry.mustache", "_page.html.mustache", "README.md"]])
    func aFolderThatRendersNoPageIsAnError(_ files: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-pages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in files {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "x".write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let error = #expect(throws: SiteError.self) { try Site(templatesURL: folder) }
        #expect(error?.reason == .noPageTemplates(place: folder.path))
        #expect(error?.description.contains("no template renders a page") == true)
    }

    @Test func aBrokenInMemoryTemplateNamesItsPlaceAndShowsTheLine() {
        let error = #expect(throws: SiteError.self) {
            try Site(.builtIn(["index.html.mustache": "<p>\n  {{#x}}\n"]))
        }
        guard case .template(let cause, let place)? = error?.reason else {
            Issue.record("not a template error: \(String(describing: error))")
            return
        }
        #expect(cause.reason == .unclosedSection("x") && place == "built-in templates")
        #expect(
            error?.description == """
                built-in templates/index.html:2:3: section 'x' opened here is never closed
                    |   {{#x}}
                    |   ^
                """)
    }

    @Test func aMissingFolderIsNamedOnce() throws {
        let folder = "/nonexistent-\(UUID().uuidString)/templates"
        do {
            _ = try Site(.folder(URL(fileURLWithPath: folder)))
            Issue.record("no error for a missing folder")
        } catch {
            #expect(error.description.hasPrefix("\(folder): cannot read '\(folder)'"))
            #expect(!error.description.hasPrefix("\(folder)/\(folder)"))
        }
    }
}
