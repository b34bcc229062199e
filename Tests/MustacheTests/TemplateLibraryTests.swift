import Foundation
import Mustache
import Testing

/// Templates loaded from a folder: names, partials in subfolders, parents, escaping by file name.
@Suite("Template library")
struct TemplateLibraryTests {
    static let context: MustacheValue = [
        "site": "Planet & Co",
        "entries": [
            ["title": "Tom & Jerry's", "link": "https://a.example/?x=1&y=2", "author": "Ann"],
            ["title": "<b>Bold</b>", "link": "https://b.example/", "author": ""]
        ]
    ]

    func fixtureLibrary(_ folder: String, strict: Bool = true) throws -> TemplateLibrary {
        let url = try #require(Bundle.module.url(forResource: folder, withExtension: nil, subdirectory: "Fixtures"))
        return try TemplateLibrary(directory: url, strictPartials: strict)
    }

    /// A theme kept elsewhere and linked in reads like one copied in: a linked templates folder, a
    /// linked subfolder and a linked file; a link loop is read once.
    @Test func linksToFoldersAndFilesAreFollowed() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("library-links-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let theme = base.appendingPathComponent("theme")
        let partials = base.appendingPathComponent("partials-elsewhere")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
        try "{{>partials/entry}}|{{>inc}}".write(
            to: base.appendingPathComponent("index-source.mustache"), atomically: true, encoding: .utf8)
        try "entry".write(to: partials.appendingPathComponent("entry.mustache"), atomically: true, encoding: .utf8)
        try "inc".write(to: base.appendingPathComponent("inc-source.mustache"), atomically: true, encoding: .utf8)
        let links = FileManager.default
        try links.createSymbolicLink(
            at: theme.appendingPathComponent("index.html.mustache"),
            withDestinationURL: base.appendingPathComponent("index-source.mustache"))
        try links.createSymbolicLink(at: theme.appendingPathComponent("partials"), withDestinationURL: partials)
        try links.createSymbolicLink(
            at: theme.appendingPathComponent("inc.mustache"),
            withDestinationURL: base.appendingPathComponent("inc-source.mustache"))
        try links.createSymbolicLink(at: partials.appendingPathComponent("loop"), withDestinationURL: partials)
        let linkedRoot = base.appendingPathComponent("templates")
        try links.createSymbolicLink(at: linkedRoot, withDestinationURL: theme)
        let library = try TemplateLibrary(directory: linkedRoot, strictPartials: true)
        #expect(library.names == ["inc", "index.html", "partials/entry"])
        #expect(try library.render("index.html", .null) == "entry|inc")
    }

    @Test func namesComeFromRelativePathsWithoutTheExtension() throws {
        let library = try fixtureLibrary("library")
        #expect(library.names == ["about.html", "index.html", "layout.html", "partials/entry", "rss.xml"])
    }

    @Test func rendersParentBlocksAndIndentedPartialsWithHTMLEscaping() throws {
        let output = try fixtureLibrary("library").render("index.html", Self.context)
        #expect(
            output == """
                <!DOCTYPE html>
                <html>
                  <head><title>Planet &amp; Co — home</title></head>
                  <body>
                    <ul>
                      <li><a href="https://a.example/?x=1&amp;y=2">Tom &amp; Jerry&#39;s</a> by Ann</li>
                      <li><a href="https://b.example/">&lt;b&gt;Bold&lt;/b&gt;</a></li>
                    </ul>
                  </body>
                </html>

                """)
    }

    @Test func parentWithoutArgumentsRendersDefaults() throws {
        let output = try fixtureLibrary("library").render("about.html", ["site": "P"])
        #expect(output.contains("<title>P</title>"))
        #expect(output.contains("\n    <p>nothing here</p>\n"))
    }

    @Test func xmlTemplatesUseXMLEscaping() throws {
        let output = try fixtureLibrary("library").render("rss.xml", Self.context)
        #expect(
            output == """
                <title>Planet &amp; Co</title>
                <item><title>Tom &amp; Jerry&apos;s</title></item>
                <item><title>&lt;b&gt;Bold&lt;/b&gt;</title></item>

                """)
    }

    @Test func strictLibraryRejectsAnUnknownPartialAtLoad() throws {
        let url = try #require(Bundle.module.url(forResource: "broken", withExtension: nil, subdirectory: "Fixtures"))
        let error = #expect(throws: TemplateError.self) { try TemplateLibrary(directory: url) }
        #expect(error?.description == "index.html.mustache:3:5: partial 'nope' not found")
        #expect(
            error == TemplateError(template: "index.html.mustache", line: 3, column: 5, reason: .unknownPartial("nope"))
        )
    }

    @Test func lenientLibraryRendersAnUnknownPartialAsNothing() throws {
        let output = try fixtureLibrary("broken", strict: false).render("index.html", ["entries": [1]])
        #expect(output == "<ul>\n</ul>\n")
    }

    @Test func strictLibraryRejectsAnUnknownDynamicPartialWhenRendering() throws {
        let library = try TemplateLibrary(templates: ["page.html": "x\n {{>*kind}}", "text": "t"], strictPartials: true)
        #expect(try library.render("page.html", ["kind": "text"]) == "x\n t")
        let error = #expect(throws: TemplateError.self) { try library.render("page.html", ["kind": "image"]) }
        #expect(error?.description == "page.html:2:2: partial 'image' not found")
    }

    @Test func unknownTemplateIsAnError() throws {
        let library = try TemplateLibrary(templates: [:])
        let error = #expect(throws: TemplateError.self) { try library.render("index.html", nil) }
        #expect(error?.description == "index.html: no template named 'index.html' in the library")
    }

    @Test func selfIncludingPartialStopsWithAnError() throws {
        let library = try TemplateLibrary(templates: ["loop": "a{{>loop}}"], strictPartials: true)
        let error = #expect(throws: TemplateError.self) { try library.render("loop", nil) }
        #expect(error?.reason == .recursionTooDeep(limit: 100))
        #expect(error?.line == 1 && error?.column == 2)
        let lenient = try TemplateLibrary(templates: ["loop": "a{{>loop}}"])
        #expect(try lenient.render("loop", nil) == String(repeating: "a", count: 101))
    }

    @Test func missingFolderIsUnreadable() throws {
        let url = URL(fileURLWithPath: "/nonexistent/templates")
        let error = #expect(throws: TemplateError.self) { try TemplateLibrary(directory: url) }
        guard case .unreadable(let path, _)? = error?.reason else {
            Issue.record("expected .unreadable, got \(String(describing: error))")
            return
        }
        #expect(path == "/nonexistent/templates")
    }
}
