/// Converts an htmltmpl template (a Planet 2.x or Venus theme's `*.tmpl`) into a Mustache
/// template that renders the same markup from planet's context (docs in README.md, "Moving from
/// Planet Venus or Planet 2.x", and templates/README.md, "Theme variables").
///
/// - `<TMPL_VAR x>` by the kind of `x` (`ThemeVariables`); `DEFAULT="d"` → `{{#x}}…{{/x}}{{^x}}d{{/x}}`.
/// - `<TMPL_IF x>` / `<TMPL_UNLESS x>` / `<TMPL_ELSE>` → `{{#x}}` / `{{^x}}` / `{{/x}}{{^x}}`; on a
///   loop (a capitalised name, as htmltmpl tells them apart) → `has_Loop`, so that the block is
///   shown once, not once per item.
/// - `<TMPL_LOOP Items>` → `{{#Items}}`; includes are inlined (`HTMLTemplateTokens`).
/// - Whitespace is htmltmpl's: blanks before a statement at a line start and one line ending after
///   it are eaten (`HTMLTemplateTokens`); a Mustache tag that would stand alone on its line (and so
///   remove that line) is followed by `{{!}}`; literal `{{` is written with other delimiters.
package struct HTMLTemplateConverter {
    /// What the conversion gave.
    package struct Result: Equatable, Sendable {
        /// The Mustache template.
        package var mustache: String
        /// Variables planet cannot fill, once each: `foo (index.html.tmpl:12)`.
        package var unfilled: [String] = []
        /// Statements planet leaves out and includes not found: `TMPL_GETTEXT (index.html.tmpl:3)`.
        package var skipped: [String] = []
    }

    private enum Piece {
        case text(String)
        case variable(String)
        /// A section, inverted section, closing tag or comment: removes its line when alone on it.
        case tag(String)
    }

    private struct Open {
        var directive: String
        var mustacheName: String
        var inverted: Bool
        var line: Int
    }

    /// Per-feed setting keys (`channel_KEY` in Items, `KEY` in Channels) that planet fills.
    package let settings: Set<String>
    private var pieces: [Piece] = []
    private var open: [Open] = []
    private var scopes: [ThemeVariables.Scope] = [.top]
    private var result = Result(mustache: "")
    private var named: Set<String> = []

    /// Converts `text` (the template file `file`); `include` reads the files it includes.
    /// - Throws: `SiteError.theme` at the statement that does not balance.
    package static func convert(
        _ text: String, file: String, settings: Set<String> = [], include: (String) -> String? = { _ in nil }
    ) throws(SiteError) -> Result {
        let split = HTMLTemplateTokens(text, file: file, include: include)
        var converter = HTMLTemplateConverter(settings: settings)
        converter.result.skipped = split.missingIncludes.map { "TMPL_INCLUDE \($0): not found" }
        for token in split.tokens {
            switch token {
            case .text(let text): converter.pieces.append(.text(text))
            case .statement(let directive, let name, let params, let file, let line):
                try converter.statement(directive, name: name, params: params, place: "\(file):\(line)", line: line)
            }
        }
        if let unclosed = converter.open.last {
            throw SiteError(.theme(file: file, line: unclosed.line, detail: "<\(unclosed.directive)> is never closed"))
        }
        converter.result.mustache = converter.joined()
        return converter.result
    }

    private mutating func statement(
        _ directive: String, name: String?, params: [String: String], place: String, line: Int
    ) throws(SiteError) {
        let file = String(place.split(separator: ":").first ?? "")
        func need() throws(SiteError) -> String {
            guard let name, !name.isEmpty else {
                throw SiteError(.theme(file: file, line: line, detail: "<\(directive)> names no variable"))
            }
            return name
        }
        switch directive {
        case "TMPL_VAR":
            variable(try need(), params: params, place: place)
        case "TMPL_IF", "TMPL_UNLESS":
            let name = try need()
            let test = ThemeVariables.loops.contains(name) || name.first?.isUppercase == true ? "has_" + name : name
            if !test.hasPrefix("has_") { note(name, place: place) }
            let inverted = directive == "TMPL_UNLESS"
            open.append(Open(directive: directive, mustacheName: test, inverted: inverted, line: line))
            pieces.append(.tag("{{\(inverted ? "^" : "#")\(test)}}"))
        case "TMPL_ELSE":
            guard let top = open.last, top.directive != "TMPL_LOOP" else {
                throw SiteError(
                    .theme(file: file, line: line, detail: "<TMPL_ELSE> outside <TMPL_IF> or <TMPL_UNLESS>"))
            }
            open[open.count - 1].inverted.toggle()
            pieces.append(.tag("{{/\(top.mustacheName)}}"))
            pieces.append(.tag("{{\(top.inverted ? "#" : "^")\(top.mustacheName)}}"))
        case "TMPL_LOOP":
            let name = try need()
            if !(scopes.last == .top && ThemeVariables.loops.contains(name)) { noteUnfilled(name, place: place) }
            open.append(Open(directive: directive, mustacheName: name, inverted: false, line: line))
            scopes.append(ThemeVariables.Scope(loop: name))
            pieces.append(.tag("{{#\(name)}}"))
        case "/TMPL_IF", "/TMPL_UNLESS", "/TMPL_LOOP":
            let opening = String(directive.dropFirst())
            guard let top = open.popLast(),
                top.directive == opening || (opening != "TMPL_LOOP" && top.directive != "TMPL_LOOP")
            else {
                throw SiteError(
                    .theme(file: file, line: line, detail: "<\(directive)> does not close an open <\(opening)>"))
            }
            if top.directive == "TMPL_LOOP" { scopes.removeLast() }
            pieces.append(.tag("{{/\(top.mustacheName)}}"))
        case "TMPL_BOUNDARY":
            break  // multipart templates: planet renders a template whole
        default:
            result.skipped.append("<\(directive)> (\(place))")
        }
    }

    private mutating func variable(_ name: String, params: [String: String], place: String) {
        let kind = note(name, place: place) ?? .text
        let escape = params["ESCAPE"]?.uppercased() ?? "NONE"
        let tag: String
        switch (escape, kind) {
        case ("URL", _): tag = "{{url_escaped.\(name)}}"
        case ("HTML", _), ("1", _), (_, .text): tag = "{{\(name)}}"
        default: tag = "{{{\(name)}}}"
        }
        guard let fallback = params["DEFAULT"] else {
            pieces.append(.variable(tag))
            return
        }
        pieces.append(.variable("{{#\(name)}}\(tag){{/\(name)}}{{^\(name)}}"))
        pieces.append(.text(fallback))
        pieces.append(.variable("{{/\(name)}}"))
    }

    /// The kind of `name` where it is; an unfillable one is named once.
    @discardableResult
    private mutating func note(_ name: String, place: String) -> ThemeVariables.Kind? {
        let kind = ThemeVariables.kind(of: name, in: scopes.last ?? .top, settings: settings)
        if kind == nil { noteUnfilled(name, place: place) }
        return kind
    }

    private mutating func noteUnfilled(_ name: String, place: String) {
        if named.insert(name).inserted { result.unfilled.append("\(name) (\(place))") }
    }

    /// The pieces as Mustache text: literal `{{` behind other delimiters, and `{{!}}` after a
    /// tag that would stand alone on its line (Mustache removes such a line; htmltmpl does not).
    private func joined() -> String {
        var line = LineWriter()
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .variable(let tag): line.content(tag)
            case .tag(let tag): line.tag(tag)
            case .text(let text):
                let nextIsTag = index + 1 < pieces.count
                for character in Self.literalBraces(text, beforeTag: nextIsTag) {
                    line.character(character)
                }
            }
        }
        line.end()
        return line.output.replacingOccurrences(of: Self.braceMark, with: Self.literalOpen)
    }

    /// Stands for a literal `{` that Mustache would read as part of a tag.
    private static let braceMark = "\u{0}"
    /// A literal `{` whatever follows it: delimiters changed and back.
    private static let literalOpen = "{{=<% %>=}}{<%={{ }}=%>"

    /// `text` with each `{` of `{{`, and a last `{` before a tag, marked (`braceMark`).
    private static func literalBraces(_ text: String, beforeTag: Bool) -> String {
        guard text.contains("{") else { return text }
        var marked = text.replacingOccurrences(of: "{{", with: braceMark + braceMark)
        if beforeTag, marked.hasSuffix("{") { marked = String(marked.dropLast()) + braceMark }
        return marked
    }

    /// Mustache text line by line: a tag alone on its line (but for blanks) gets `{{!}}` after it.
    private struct LineWriter {
        var output = ""
        private var lineHasContent = false
        private var pending: (tag: String, trailing: String)?

        mutating func content(_ text: String) {
            settle(alone: false)
            output += text
            lineHasContent = true
        }

        mutating func tag(_ tag: String) {
            if pending != nil {
                settle(alone: false)
                lineHasContent = true
            }
            if lineHasContent { output += tag } else { pending = (tag, "") }
        }

        mutating func character(_ character: Character) {
            let blank = character == " " || character == "\t" || character == "\r"
            if character == "\n" {
                settle(alone: true)
                output.append(character)
                lineHasContent = false
            } else if blank, pending != nil {
                pending?.trailing.append(character)
            } else {
                if !blank { settle(alone: false) }
                output.append(character)
                if !blank { lineHasContent = true }
            }
        }

        mutating func end() { settle(alone: true) }

        private mutating func settle(alone: Bool) {
            guard let held = pending else { return }
            output += held.tag + (alone ? "{{!}}" : "") + held.trailing
            pending = nil
        }
    }
}
