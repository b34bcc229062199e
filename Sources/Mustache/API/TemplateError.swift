/// A template that cannot be compiled or rendered, with the place it went wrong.
///
/// `description` puts the place first: `index.html.mustache:12:5: section 'entries' opened here is
/// never closed`. `line` and `column` are 1-based (the column counts characters); both are 0 when
/// the error has no place in a template (an unreadable folder, an unknown template name).
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template's name as given to `Template.init`, or its path relative to the library
    /// folder (`partials/entry.mustache`).
    public var template: String
    /// 1-based line of the offending tag, 0 when there is none.
    public var line: Int
    /// 1-based column (in characters) of the offending tag's opening delimiter, 0 when there is none.
    public var column: Int
    /// What went wrong.
    public var reason: Reason
    /// The text of the offending line (without its line break), when the error has a place in a
    /// template's source (compile errors); nil otherwise. Not compared by `==`.
    public var sourceLine: String?

    /// What went wrong; each case's message is given beside it.
    public enum Reason: Sendable, Equatable {
        /// `section 'entries' opened here is never closed` (also inverted sections, parents, blocks).
        case unclosedSection(String)
        /// `closing tag 'b' does not match the open section 'a'`.
        case mismatchedClosingTag(found: String, expected: String)
        /// `closing tag 'a' has no open section`.
        case unexpectedClosingTag(String)
        /// `tag is never closed: expected '}}'`.
        case unclosedTag(expected: String)
        /// `tag is empty: put a name between the delimiters`.
        case emptyTag
        /// `tag name 'a b' must not contain whitespace`.
        case invalidName(String)
        /// `set delimiter tag '=a=' needs two delimiters separated by whitespace, without '='`.
        case invalidDelimiters(String)
        /// `partial 'footer' not found` (strict libraries only; the spec renders nothing).
        case unknownPartial(String)
        /// `no template named 'index.html' in the library`.
        case unknownTemplate(String)
        /// `partials nest more than 100 deep: does a partial include itself unconditionally?`.
        case recursionTooDeep(limit: Int)
        /// `rendering used up its budget of 5000100 steps (5000000, and 100 for each of the data's 1
        /// values): …` — what can render without bound (two self-includes nest 2^100 times
        /// within the depth limit; a list's section inside a section over the same list).
        case renderTooLarge(limit: Int, values: Int)
        /// `cannot read '/path': reason`.
        case unreadable(path: String, message: String)
    }

    /// An error at `line`:`column` of `template`.
    public init(template: String, line: Int, column: Int, reason: Reason) {
        self.template = template
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `template:line:column: message`, or `template: message` when there is no place.
    public var description: String {
        let place = line > 0 ? "\(template):\(line):\(column)" : template
        return "\(place): \(message)"
    }

    /// The offending line and a caret under the column, for a terminal or a cron mail, e.g.
    ///
    ///     |     {{#entries}}
    ///     |     ^
    ///
    /// Tabs before the column are kept so the caret lines up; nil when there is no source line.
    /// Lines longer than 200 characters are cut around the column.
    public var excerpt: String? {
        guard let sourceLine, line > 0, column > 0 else { return nil }
        var characters = Array(sourceLine)
        var caretColumn = column - 1
        if characters.count > 200 {
            let start = max(0, min(caretColumn - 100, characters.count - 200))
            characters = Array(characters[start..<min(characters.count, start + 200)])
            caretColumn -= start
        }
        let text = String(characters.map { $0.isNewline ? " " : $0 })
        let padding = String(characters.prefix(caretColumn).map { $0 == "\t" ? "\t" : " " })
        return "    | \(text)\n    | \(padding)^"
    }

    /// `description`, then the ``excerpt`` on the lines below it when there is one.
    public var descriptionWithExcerpt: String {
        guard let excerpt else { return description }
        return description + "\n" + excerpt
    }

    /// Errors are equal when template, place and reason are (the source line is not compared).
    public static func == (lhs: TemplateError, rhs: TemplateError) -> Bool {
        lhs.template == rhs.template && lhs.line == rhs.line && lhs.column == rhs.column && lhs.reason == rhs.reason
    }

    /// The message without the place.
    public var message: String {
        switch reason {
        case .unclosedSection(let name):
            "section '\(name)' opened here is never closed"
        case .mismatchedClosingTag(let found, let expected):
            "closing tag '\(found)' does not match the open section '\(expected)'"
        case .unexpectedClosingTag(let name):
            "closing tag '\(name)' has no open section"
        case .unclosedTag(let expected):
            "tag is never closed: expected '\(expected)'"
        case .emptyTag:
            "tag is empty: put a name between the delimiters"
        case .invalidName(let name):
            "tag name '\(name)' must not contain whitespace"
        case .invalidDelimiters(let content):
            "set delimiter tag '\(content)' needs two delimiters separated by whitespace, without '='"
        case .unknownPartial(let name):
            "partial '\(name)' not found"
        case .unknownTemplate(let name):
            "no template named '\(name)' in the library"
        case .recursionTooDeep(let limit):
            "partials nest more than \(limit) deep: does a partial include itself unconditionally?"
        case .renderTooLarge(let limit, let values):
            "rendering used up its budget of \(limit) steps (\(WorkBudget.base), and \(WorkBudget.perValue) for each "
                + "of the data's \(values) "
                + "values): a partial that includes itself more than once or inside a loop, or a section over a "
                + "list inside a section over the same list, renders far more than the data"
        case .unreadable(let path, let message):
            "cannot read '\(path)': \(message)"
        }
    }
}
