import Foundation
import PlanetSubscriptions
import Testing

@testable import PlanetSite

/// `ThemeImport.read`: how a theme's files are found and what is named (the end-to-end import and
/// build is IntegrationTests' ThemeImportBuildTests).
@Suite("theme import: finding and converting a theme's files")
struct ThemeImportTests {
    /// A folder with `files` (path → text) under it; remove it when done.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("Venus: the planet's own template_files win over the theme's; both bills of materials are copied")
    func venusMerge() throws {
        let root = try Self.folder([
            "themes/t/config.ini":
                "[Planet]\ntemplate_files = index.html.tmpl rss20.xml.tmpl\nbill_of_materials = a.css\n",
            "themes/t/index.html.tmpl": "<TMPL_VAR name>", "themes/t/rss20.xml.tmpl": "rss",
            "themes/t/a.css": "a", "b.css": "b", "own.html.tmpl": "own <TMPL_VAR nope>",
            "config.ini": ""
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        var theme = VenusTheme()
        theme.isVenus = true
        theme.outputTheme = "t"
        theme.templateFiles = ["own.html.tmpl"]
        theme.billOfMaterials = ["b.css"]
        let result = ThemeImport.read(theme, config: root.appendingPathComponent("config.ini"), settings: [])
        #expect(result.files.map(\.path) == ["own.html.mustache", "root/a.css", "root/b.css"])
        #expect(result.named == ["own.html.tmpl: variables planet cannot fill: nope (own.html.tmpl:1)"])
    }

    @Test("what cannot come over is named: a missing theme folder, a missing template, an XSLT one")
    func named() throws {
        let root = try Self.folder(["config.ini": "", "index.html.xslt": "<x/>"])
        defer { try? FileManager.default.removeItem(at: root) }
        var theme = VenusTheme()
        theme.isVenus = true
        theme.outputTheme = "gone"
        theme.templateFiles = ["index.html.xslt", "rss20.xml.tmpl"]
        let result = ThemeImport.read(theme, config: root.appendingPathComponent("config.ini"), settings: [])
        #expect(result.files.isEmpty)
        #expect(result.named.count == 3, "\(result.named)")
        #expect(result.named[0].hasPrefix("output_theme = gone: no folder gone or themes/gone in "))
        #expect(result.named[1].hasPrefix("template index.html.xslt: an XSLT template, not converted"))
        #expect(result.named[2].hasPrefix("template rss20.xml.tmpl: not found (looked in "))
    }

    @Test("static files keep their path inside the theme, else their name")
    func outputPaths() {
        #expect(ThemeImport.outputPath("images/logo.png") == "images/logo.png")
        #expect(ThemeImport.outputPath("../common/planet.css") == "planet.css")
        #expect(ThemeImport.outputPath("/srv/theme/favicon.ico") == "favicon.ico")
    }
}
