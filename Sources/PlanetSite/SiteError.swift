import Mustache

/// Why the site could not be rendered: a template that does not compile or render, or a Markdown
/// page that cannot be read or would overwrite a templated file.
public struct SiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// A template failed to compile or render; `place` is the templates folder's path or
        /// "built-in templates".
        case template(TemplateError, place: String)
        /// The templates folder at `place` renders no file: no `NAME.EXT.mustache` at its top
        /// level (an empty folder, say), so the site would be published empty.
        case noPageTemplates(place: String)
        /// There are Markdown pages and no `_page.html.mustache` in the templates at `place`.
        case missingPageTemplate(place: String)
        /// There are archive pages and no `_archive.html.mustache` in the templates at `place`.
        case missingArchiveTemplate(place: String)
        /// `pages/NAME.md` would be written to `output`, which a template renders already.
        case pageCollision(page: String, output: String)
        /// `pages/NAME.md` has a name that cannot be a file of the site.
        case invalidPageName(String)
        /// The pages folder could not be read: its path and the system's reason.
        case unreadablePages(folder: String, detail: String)
        /// An htmltmpl template of a Planet 2.x or Venus theme cannot be converted: its file, the
        /// 1-based line of the statement, and what is wrong (`HTMLTemplateConverter`).
        case theme(file: String, line: Int, detail: String)
    }

    /// What went wrong.
    public var reason: Reason

    /// Creates an error with the given reason.
    public init(_ reason: Reason) { self.reason = reason }

    /// The place first (template:line:column with the line and a caret under the column, or the
    /// page's file), then what is wrong.
    public var description: String {
        switch reason {
        case .template(let error, let place):
            // An error about a whole folder or file names its absolute path already.
            return error.template.hasPrefix("/")
                ? error.descriptionWithExcerpt
                : "\(place)/\(error.descriptionWithExcerpt)"
        case .noPageTemplates(let place):
            return "\(place): no template renders a page (no NAME.EXT.mustache at its top level, such as "
                + "index.html.mustache), so the site would be empty; copy the templates of `planet init`, "
                + "or remove the folder to use the built-in ones"
        case .missingPageTemplate(let place):
            return "\(place)/\(Site.markdownPageTemplate).mustache: missing; it renders the Markdown pages"
        case .missingArchiveTemplate(let place):
            return "\(place)/\(Site.archiveTemplate).mustache: missing; it renders the archive pages"
        case .pageCollision(let page, let output):
            return "pages/\(page).md: '\(output)' is already rendered from a template; rename the page"
        case .invalidPageName(let name):
            return "pages/\(name).md: a page name may only use letters, digits, '-', '_' and '.', "
                + "and may not start with '.' or '_'"
        case .unreadablePages(let folder, let detail):
            return "\(folder): \(detail)"
        case .theme(let file, let line, let detail):
            return "\(file):\(line): \(detail); fix the template and import again"
        }
    }
}
