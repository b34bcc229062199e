import Foundation
import PlanetBase

/// A set of named templates that use each other as partials, compiled once.
///
/// From a folder, every `*.mustache` file is a template named after its path relative to the
/// folder without `.mustache`: `index.html.mustache` is `index.html`, `partials/entry.mustache`
/// is `partials/entry` (used as `{{>partials/entry}}`). Escaping follows the rendered template's
/// name: `*.xml` → XML, anything else → HTML (`Escaping.forTemplateName`); partials use the
/// escaping of the template being rendered.
///
/// A strict library refuses partials that do not exist: names written in the templates are
/// checked when the library is built, dynamic names (`{{>*name}}`) when rendering. A lenient one
/// renders them as nothing, as the mustache spec says.
public struct TemplateLibrary: Sendable {
    private let templates: [String: Template]
    /// Whether an unknown partial is an error.
    public let strictPartials: Bool

    /// Loads and compiles every `*.mustache` file under `directory` (subfolders included, hidden
    /// files skipped).
    /// - Throws: `TemplateError` with `.unreadable` for a folder or file that cannot be read
    ///   (line 0), any compile error of a template (named by its relative path, e.g.
    ///   `partials/entry.mustache:3:1`), and `.unknownPartial` at the tag when strict.
    public init(directory: URL, strictPartials: Bool = true) throws(TemplateError) {
        let root = directory.standardizedFileURL.path
        // Links to files and folders are followed: a theme kept elsewhere and linked in.
        guard let paths = FileTree.regularFiles(under: directory.standardizedFileURL) else {
            throw TemplateError(
                template: root, line: 0, column: 0, reason: .unreadable(path: root, message: "not a readable folder"))
        }
        var templates: [String: Template] = [:]
        for path in paths.sorted() where path.hasSuffix(".mustache") {
            guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            let file = root + "/" + path
            let source: String
            do {
                source = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw TemplateError(
                    template: path, line: 0, column: 0, reason: .unreadable(path: file, message: "\(error)"))
            }
            templates[String(path.dropLast(".mustache".count))] = try Template(source, name: path)
        }
        try self.init(compiled: templates, strictPartials: strictPartials)
    }

    /// Compiles templates given as source text, by name (`index.html`, `partials/entry`); the
    /// names also serve in error messages.
    /// - Throws: `TemplateError`: any compile error, and `.unknownPartial` at the tag when strict.
    public init(templates sources: [String: String], strictPartials: Bool = false) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try Template(source, name: name)
        }
        try self.init(compiled: templates, strictPartials: strictPartials)
    }

    private init(compiled templates: [String: Template], strictPartials: Bool) throws(TemplateError) {
        if strictPartials {
            for name in templates.keys.sorted() {
                guard let template = templates[name] else { continue }
                for reference in template.references where templates[reference.name] == nil {
                    throw TemplateError(
                        template: template.name, line: reference.position.line, column: reference.position.column,
                        reason: .unknownPartial(reference.name))
                }
            }
        }
        self.templates = templates
        self.strictPartials = strictPartials
    }

    /// The template names, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// The compiled template called `name`, if any.
    public func template(named name: String) -> Template? { templates[name] }

    /// Renders the template `name` with the other templates as partials.
    /// - Returns: The rendered text, escaped per `Escaping.forTemplateName(name)`.
    /// - Throws: `TemplateError` with `.unknownTemplate` (no place) when there is no such
    ///   template; when strict, `.unknownPartial` for a dynamic partial name that names no
    ///   template, and `.recursionTooDeep` when partials nest past 100 levels.
    public func render(_ name: String, _ context: MustacheValue) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            throw TemplateError(template: name, line: 0, column: 0, reason: .unknownTemplate(name))
        }
        let result = template.render(
            context, partials: templates, escaping: .forTemplateName(name), strictPartials: strictPartials)
        if strictPartials, let error = result.error { throw error }
        return result.output
    }
}
