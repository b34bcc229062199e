import Foundation
import Mustache
import PlanetBase

/// Renders the site from the templates folder.
///
/// Every `NAME.EXT.mustache` at the top level of the templates folder is rendered to `NAME.EXT`
/// (`index.html.mustache` → `index.html`); templates whose name starts with `_` and those in
/// subfolders are partials only. `.html` templates escape for HTML, `.xml` for XML (mustache
/// spec: interpolation; escaping per file type). `static/` is copied as it is. Each Markdown
/// page (`SitePages`) is rendered with `_page.html.mustache` to `NAME.html`.
///
/// The templates come from a folder or from memory (`TemplateSource.builtIn`, the defaults built
/// into the CLI), with the same names and rules.
package struct Site: Sendable {
    /// Compiled templates, compiled once per build.
    package let library: TemplateLibrary
    /// The templates folder; nil for templates held in memory.
    package let templatesURL: URL?
    /// Static assets held in memory, by output path (`static/planet.css`); empty for a folder,
    /// whose `static/` is copied instead (`staticFolder`).
    package let staticFiles: [String: Data]
    /// The files of `templates/root/` by path under it, published at the site's top level as
    /// they are (a converted theme's stylesheet, images and `favicon.ico`, at the paths its pages
    /// link); a rendered page of the same path wins. Empty for templates held in memory.
    package let rootFiles: [String: Data]

    /// The templates folder's subfolder copied to the top of the site (`rootFiles`).
    package static let rootFolderName = "root"

    /// Compiles every template of the folder (links to files and folders followed).
    /// - Throws: `SiteError.template` with template:line:column of the first error;
    ///   `.noPageTemplates` when no template renders a page.
    package init(templatesURL: URL) throws(SiteError) {
        self.templatesURL = templatesURL
        staticFiles = [:]
        rootFiles = Self.files(under: templatesURL.appendingPathComponent(Self.rootFolderName))
        do {
            library = try TemplateLibrary(directory: templatesURL, strictPartials: true)
        } catch {
            throw SiteError(.template(error, place: templatesURL.path))
        }
        // An empty folder (or one with partials only) would publish a site without its pages.
        if pageNames.isEmpty { throw SiteError(.noPageTemplates(place: templatesURL.path)) }
    }

    /// Compiles templates held in memory: `files` maps paths relative to a templates folder to
    /// their text; `*.mustache` files are templates (`index.html.mustache` → `index.html`),
    /// `static/*` files are static assets, hidden files and anything else are ignored.
    /// - Throws: `SiteError.template` with template:line:column of the first error.
    package init(files: [String: String]) throws(SiteError) {
        templatesURL = nil
        var templates: [String: String] = [:]
        var assets: [String: Data] = [:]
        for (path, text) in files where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            if path.hasPrefix("static/") {
                assets[path] = Data(text.utf8)
            } else if path.hasSuffix(".mustache") {
                templates[String(path.dropLast(".mustache".count))] = text
            }
        }
        staticFiles = assets
        rootFiles = [:]
        do {
            library = try TemplateLibrary(templates: templates, strictPartials: true)
        } catch {
            throw SiteError(.template(error, place: "built-in templates"))
        }
    }

    /// Compiles the templates of `source`.
    /// - Throws: `SiteError.template` with template:line:column of the first error.
    package init(_ source: TemplateSource) throws(SiteError) {
        switch source {
        case .folder(let url): try self.init(templatesURL: url)
        case .builtIn(let files): try self.init(files: files)
        }
    }

    /// The regular files under `folder` (links followed) by relative path; none when it is absent.
    private static func files(under folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileTree.regularFiles(under: folder) ?? [] {
            if let data = try? Data(contentsOf: folder.appendingPathComponent(path)) { files[path] = data }
        }
        return files
    }

    /// Where errors say the templates are: the folder's path, or "built-in templates".
    var place: String { templatesURL?.path ?? "built-in templates" }

    /// The output files this site renders, by template name (`index.html`, `rss.xml`, …).
    package var pageNames: [String] {
        library.names.filter { !$0.contains("/") && !$0.hasPrefix("_") }.sorted()
    }

    /// The JSON Feed every build writes beside rss.xml and atom.xml.
    package static let jsonFeedName = "feed.json"

    /// The partial-only template that renders a Markdown page inside the layout.
    package static let markdownPageTemplate = "_page.html"

    /// The partial-only template that renders each archive page (`page/2.html` …).
    package static let archiveTemplate = "_archive.html"

    /// True when the templates can render archive pages (they have `_archive.html.mustache`):
    /// templates from before archives existed get none, rather than pages without navigation.
    package var rendersArchive: Bool { library.template(named: Self.archiveTemplate) != nil }

    /// Which of `names` a tag of some template (a page, a partial) looks up, sorted: a tag whose
    /// name is one of them, or ends with `.` and one of them (`feeds_status.last_success`).
    /// Read from the compiled templates, without rendering (`Template.referencedNames`).
    package func references(anyOf names: Set<String>) -> [String] {
        var found: Set<String> = []
        for template in library.names.compactMap(library.template(named:)) {
            for name in template.referencedNames {
                let last = name.split(separator: ".").last.map(String.init) ?? name
                if names.contains(last) { found.insert(last) }
            }
        }
        return found.sorted()
    }

    /// Renders every page: the top-level templates, feed.json, the archive pages of
    /// `context.olderPages` (`page/2.html` …, with `_archive.html.mustache`), then the Markdown
    /// pages of `context.pages`.
    /// - Returns: output path (relative) → UTF-8 bytes.
    /// - Throws: `SiteError.template` when a template fails to render, `.missingPageTemplate`
    ///   when there are Markdown pages and no `_page.html.mustache` (`.missingArchiveTemplate`:
    ///   archive pages and no `_archive.html.mustache`), `.pageCollision` when a Markdown page
    ///   would overwrite a templated file (`pages/index.md`).
    /// - Parameter extra: more root variables for every template (the build adds the status
    ///   report's `feeds_status` and `has_redirects`, documented in templates/README.md).
    package func render(
        _ context: SiteContext,
        extra: [String: MustacheValue] = [:]
    ) throws(SiteError) -> [String: Data] {
        try render(context, root: rootValue(context, extra: extra))
    }

    /// The root value every template of `context` gets: `context.value(display:)` with `extra` added.
    package func rootValue(_ context: SiteContext, extra: [String: MustacheValue] = [:]) -> MustacheValue {
        let context = withExcerpts(context)
        var value = context.value(display: DayFormatter(context.configuration))
        if !extra.isEmpty, case .object(var root) = value {
            root.merge(extra) { _, new in new }
            value = .object(root)
        }
        return value
    }

    /// Renders every page of `context` from `root` (`rootValue`, possibly changed since), as
    /// `render(_:extra:)` does.
    package func render(_ context: SiteContext, root value: MustacheValue) throws(SiteError) -> [String: Data] {
        let context = withExcerpts(context)
        let display = DayFormatter(context.configuration)
        var files: [String: Data] = [:]
        let ownFeed = Self.themeFeed(pageNames, link: PublicLink.check(context.configuration.link))
        for name in pageNames {
            files[name] = try render(name, Self.themeValue(value, page: name, feed: ownFeed))
        }
        for (path, data) in rootFiles where files[path] == nil { files[path] = data }
        // JSON Feed 1.1, from code (`JSONFeedWriter`); a `feed.json.mustache` of the user's wins.
        if files[Self.jsonFeedName] == nil { files[Self.jsonFeedName] = JSONFeedWriter.document(context) }
        if !context.olderPages.isEmpty {
            guard rendersArchive else {
                throw SiteError(.missingArchiveTemplate(place: place))
            }
            for number in 2...(context.olderPages.count + 1) {
                files[SiteContext.archivePath(number)] = try render(
                    Self.archiveTemplate, context.value(value, archivePage: number, display: display))
            }
        }
        guard !context.pages.pages.isEmpty else { return files }
        guard library.template(named: Self.markdownPageTemplate) != nil else {
            throw SiteError(.missingPageTemplate(place: place))
        }
        for page in context.pages.pages {
            guard files[page.outputName] == nil else {
                throw SiteError(.pageCollision(page: page.name, output: page.outputName))
            }
            files[page.outputName] = try render(Self.markdownPageTemplate, context.value(value, page: page))
        }
        return files
    }

    /// `context` with `excerptWidth` set when a template uses `excerpt` (and not set otherwise).
    private func withExcerpts(_ context: SiteContext) -> SiteContext {
        guard context.excerptWidth == nil, !references(anyOf: ["excerpt"]).isEmpty else { return context }
        var context = context
        context.excerptWidth = context.configuration.excerptLength
        return context
    }

    /// The planet's own feed as themes name it (Venus `config.feed()`): the first page whose name
    /// holds `atom` or `rss` (`atom.xml`, `rss20.xml`), as a URL under `link`; nil without `link`.
    static func themeFeed(_ pages: [String], link: String?) -> (url: String, type: String)? {
        guard let link, let base = URL(string: link),
            let page = pages.first(where: { $0.contains("atom") || $0.contains("rss") }),
            let url = URL(string: page, relativeTo: base)?.absoluteString
        else { return nil }
        return (url, page.contains("rss") ? "rss" : "atom")
    }

    /// `root` with the theme variables of one output file: `url` (Venus, Planet 2.x: the URL of
    /// the file being written, under `planet.link`), `feed` and `feedtype`.
    static func themeValue(_ root: MustacheValue, page: String, feed: (url: String, type: String)?) -> MustacheValue {
        guard case .object(var fields) = root, case .string(let link)? = fields["link"],
            let base = URL(string: link)
        else { return root }
        let url = URL(string: page, relativeTo: base)?.absoluteString ?? link
        fields["url"] = .string(url)
        if let feed {
            fields["feed"] = .string(feed.url)
            fields["feedtype"] = .string(feed.type)
        }
        fields["url_escaped"] = SiteContext.urlEscaped(fields)
        return .object(fields)
    }

    private func render(_ name: String, _ value: MustacheValue) throws(SiteError) -> Data {
        do {
            return Data(try library.render(name, value).utf8)
        } catch {
            throw SiteError(.template(error, place: place))
        }
    }

    /// The folder of static assets copied to the output (`templates/static/`); nil for templates
    /// held in memory.
    package var staticFolder: URL? { templatesURL?.appendingPathComponent("static") }
}
