import Foundation

/// An htmltmpl template (Planet 2.x and Planet Venus themes, `*.tmpl`) split into text and
/// statements as htmltmpl 1.22 splits it (`TemplateCompiler.tokenize`, planet/vendor/htmltmpl.py).
///
/// - Comments: `### ` up to the end of the line is removed first (the line ending stays).
/// - Statements: `<TMPL_NAME params>` and `</TMPL_NAME>`, also written `<!-- TMPL_NAME params -->`;
///   blanks before a statement at the start of a line are eaten, and so is one line ending after
///   every statement (`TMPL_VAR` included).
/// - Parameters: a first bare word is the name, else `NAME=`; `ESCAPE=` and `DEFAULT=` (HTML::Template's,
///   which htmltmpl 1.22 does not have) take a bare or double-quoted value.
/// - `<TMPL_INCLUDE file>` is replaced by the tokens of that file, at most 5 deep, as htmltmpl
///   does when it compiles a template (its files are looked up by `include`).
struct HTMLTemplateTokens {
    /// One piece of a template.
    enum Token: Equatable {
        /// Literal text.
        case text(String)
        /// A statement: `directive` is `TMPL_VAR`, `/TMPL_IF`, …; `line` is 1-based in `file`.
        case statement(directive: String, name: String?, params: [String: String], file: String, line: Int)
    }

    /// The tokens, in order.
    var tokens: [Token] = []
    /// Includes that could not be read: `index.html.tmpl:12: header.tmpl`.
    var missingIncludes: [String] = []

    /// htmltmpl's statement pattern, with the blanks before it and the line ending after it.
    private static let statement: NSRegularExpression = {
        let pattern =
            #"(?m)(?:^[ \t]+)?(<(?:!--[ ])?/?TMPL_[A-Z]+(?:[ a-zA-Z0-9/.=:_\\-]|"[^"\n>]*")*>)(?:\r?\n)?"#
        // The pattern is a constant: it compiles.
        return try! NSRegularExpression(pattern: pattern)  // swiftlint:disable:this force_try
    }()

    /// How deep includes may nest (htmltmpl's `max_include`).
    static let maximumIncludeDepth = 5

    /// Splits `text`, the template named `file`; `include` reads an included file by the name the
    /// template gives (nil: not found).
    init(_ text: String, file: String, include: (String) -> String? = { _ in nil }) {
        append(text, file: file, depth: 0, include: include)
    }

    private mutating func append(_ text: String, file: String, depth: Int, include: (String) -> String?) {
        let source = Self.removingComments(text)
        let whole = source as NSString
        var last = 0
        for match in Self.statement.matches(in: source, range: NSRange(location: 0, length: whole.length)) {
            if match.range.location > last {
                tokens.append(
                    .text(whole.substring(with: NSRange(location: last, length: match.range.location - last))))
            }
            last = match.range.location + match.range.length
            let raw = whole.substring(with: match.range(at: 1))
            let line = whole.substring(to: match.range(at: 1).location).reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            let (directive, name, params) = Self.parse(raw)
            if directive == "TMPL_INCLUDE" {
                guard depth < Self.maximumIncludeDepth, let name else { continue }
                if let included = include(name) {
                    append(included, file: name, depth: depth + 1, include: include)
                } else {
                    missingIncludes.append("\(file):\(line): \(name)")
                }
                continue
            }
            tokens.append(.statement(directive: directive, name: name, params: params, file: file, line: line))
        }
        if last < whole.length { tokens.append(.text(whole.substring(from: last))) }
    }

    /// `text` without its `### ` comments (htmltmpl: `re.sub(r"### .*", "", data)`).
    static func removingComments(_ text: String) -> String {
        guard text.contains("### ") else { return text }
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let range = line.range(of: "### ") {
                let kept = line[..<range.lowerBound]
                lines.append(line.hasSuffix("\r") ? kept + "\r" : kept)
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The directive, name and parameters of a statement as written (`<TMPL_VAR title ESCAPE="HTML">`).
    static func parse(_ raw: String) -> (directive: String, name: String?, params: [String: String]) {
        let inner =
            raw.hasPrefix("<!-- ")
            ? raw.dropFirst(5).dropLast(raw.hasSuffix("-->") ? 4 : 1) : raw.dropFirst().dropLast()
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in inner {
            if character == "\"" { quoted.toggle() }
            if !quoted && (character == " " || character == "\t" || character == "\n") {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        guard let directive = words.first else { return ("", nil, [:]) }
        var name: String?
        var params: [String: String] = [:]
        for (index, word) in words.dropFirst().enumerated() {
            guard let equals = word.firstIndex(of: "=") else {
                if index == 0 { name = word }
                continue
            }
            var value = String(word[word.index(after: equals)...])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            params[word[..<equals].uppercased()] = value
        }
        return (directive, name ?? params["NAME"], params)
    }
}
