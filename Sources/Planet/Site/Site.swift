import Foundation
import Mustache

/// Renders the site from the templates folder.
///
/// Every `NAME.EXT.mustache` at the top level of the templates folder is rendered to `NAME.EXT`
/// (`index.html.mustache` → `index.html`); templates whose name starts with `_` and those in
/// subfolders are partials only. `.html` templates escape for HTML, `.xml` for XML (mustache
/// spec: interpolation; escaping per file type). `static/` is copied as it is. Each Markdown
/// page (`SitePages`) is rendered with `_page.html.mustache` to `NAME.html`.
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

    /// The partial-only template that renders a Markdown page inside the layout.
    public static let markdownPageTemplate = "_page.html"

    /// Renders every page: the top-level templates, then the Markdown pages of `context.pages`.
    /// - Returns: output path (relative) → UTF-8 bytes.
    /// - Throws: `BuildError.template` when a template fails to render, or when there are
    ///   Markdown pages and no `_page.html.mustache`; `BuildError.config` when a Markdown page
    ///   would overwrite a templated file (`pages/index.md`).
    public func render(_ context: SiteContext) throws(BuildError) -> [String: Data] {
        let value = context.value()
        var files: [String: Data] = [:]
        for name in pageNames {
            files[name] = try render(name, value)
        }
        guard !context.pages.pages.isEmpty else { return files }
        guard library.template(named: Self.markdownPageTemplate) != nil else {
            throw BuildError(.template("\(templatesURL.path)/\(Self.markdownPageTemplate).mustache: "
                                       + "missing; it renders the Markdown pages"))
        }
        for page in context.pages.pages {
            guard files[page.outputName] == nil else {
                throw BuildError(.config("pages/\(page.name).md: '\(page.outputName)' is already "
                                         + "rendered from a template; rename the page"))
            }
            files[page.outputName] = try render(Self.markdownPageTemplate, context.value(value, page: page))
        }
        return files
    }

    private func render(_ name: String, _ value: MustacheValue) throws(BuildError) -> Data {
        do {
            return Data(try library.render(name, value).utf8)
        } catch {
            throw BuildError(.template("\(templatesURL.path)/\(error)"))
        }
    }

    /// The folder of static assets copied to the output (`templates/static/`).
    public var staticFolder: URL { templatesURL.appendingPathComponent("static") }
}
