import Foundation
import Mustache

/// Renders the site from the templates folder.
///
/// Every `NAME.EXT.mustache` at the top level of the templates folder is rendered to `NAME.EXT`
/// (`index.html.mustache` → `index.html`); templates whose name starts with `_` and those in
/// subfolders are partials only. `.html` templates escape for HTML, `.xml` for XML (mustache
/// spec: interpolation; escaping per file type). `static/` is copied as it is.
public struct Site: Sendable {
    /// Compiled templates, compiled once per build.
    public let library: TemplateLibrary
    /// The templates folder.
    public let templatesURL: URL

    /// Compiles every template of the folder.
    /// - Throws: `BuildError.template` with template:line:column of the first error.
    public init(templatesURL: URL) throws(BuildError) {
        self.templatesURL = templatesURL
        do {
            library = try TemplateLibrary(directory: templatesURL, strictPartials: true)
        } catch {
            throw BuildError(.template("\(templatesURL.path)/\(error)"))
        }
    }

    /// The output files this site renders, by template name (`index.html`, `rss.xml`, …).
    public var pageNames: [String] {
        library.names.filter { !$0.contains("/") && !$0.hasPrefix("_") }.sorted()
    }

    /// Renders every page.
    /// - Returns: output path (relative) → UTF-8 bytes.
    /// - Throws: `BuildError.template` when a template fails to render.
    public func render(_ context: SiteContext) throws(BuildError) -> [String: Data] {
        let value = context.value()
        var files: [String: Data] = [:]
        for name in pageNames {
            do {
                files[name] = Data(try library.render(name, value).utf8)
            } catch {
                throw BuildError(.template("\(templatesURL.path)/\(error)"))
            }
        }
        return files
    }

    /// The folder of static assets copied to the output (`templates/static/`).
    public var staticFolder: URL { templatesURL.appendingPathComponent("static") }
}
