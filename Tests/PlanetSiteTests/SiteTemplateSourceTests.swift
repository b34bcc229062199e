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
