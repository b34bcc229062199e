import FeedParser
import Foundation

/// One `include` / `exclude` rule of feeds.txt (a planet-wide setting or a per-feed one).
///
/// Forms (the field name is case-insensitive):
/// - `category:python`: an entry category equal to `python`, ignoring case;
/// - `author:Jane Doe`: the author's name or email contains the text, ignoring case;
/// - `title:/regex/`: the regular expression (ICU syntax, `NSRegularExpression`) matches the
///   title; `/regex/i` ignores case;
/// - `text:/regex/`: the same on the title and the content (or summary), tags included.
public struct EntryFilter: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// What the rule looks at.
    public enum Field: String, Sendable, Equatable, Hashable {
        case category, author, title, text
    }

    /// The field the rule looks at.
    public var field: Field
    /// The category or author text, or the regular expression's pattern.
    public var pattern: String
    /// For `title` and `text`: the `/…/i` flag.
    public var ignoresCase: Bool

    /// The rule as written in feeds.txt.
    public var description: String {
        switch field {
        case .category, .author: return "\(field.rawValue):\(pattern)"
        case .title, .text: return "\(field.rawValue):/\(pattern)/" + (ignoresCase ? "i" : "")
        }
    }

    /// Why a rule could not be read.
    public struct ParseError: Error, Sendable, Equatable {
        /// What the rule must look like, for `'include' must be …`.
        public var expected: String
    }

    /// Reads one rule.
    /// - Throws: `ParseError` when the field is unknown, the text empty, or the regular expression
    ///   not enclosed in `/…/` or not valid.
    public static func parse(_ text: String) throws(ParseError) -> EntryFilter {
        let forms = "'category:NAME', 'author:NAME', 'title:/REGEX/' or 'text:/REGEX/'"
        guard let colon = text.firstIndex(of: ":"),
              let field = Field(rawValue: text[..<colon].trimmingCharacters(in: .whitespaces).lowercased())
        else { throw ParseError(expected: forms) }
        let rest = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch field {
        case .category, .author:
            guard !rest.isEmpty else { throw ParseError(expected: forms) }
            return EntryFilter(field: field, pattern: rest, ignoresCase: true)
        case .title, .text:
            var body = Substring(rest)
            var ignoresCase = false
            if body.hasSuffix("/i") { ignoresCase = true; body = body.dropLast() }
            guard body.count >= 3, body.hasPrefix("/"), body.hasSuffix("/") else {
                throw ParseError(expected: "'\(field.rawValue):/REGEX/' (the expression between slashes)")
            }
            let pattern = String(body.dropFirst().dropLast())
            guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                throw ParseError(expected: "a valid regular expression between slashes (ICU syntax)")
            }
            return EntryFilter(field: field, pattern: pattern, ignoresCase: ignoresCase)
        }
    }
}

/// What the filter rules look at in an entry (read from the cache without the rest of the row).
public struct FilterFields: Sendable, Equatable {
    public var title: String?
    public var categories: [String]
    public var authorName: String?
    public var authorEmail: String?
    /// The content, else the summary, as stored (HTML); nil when not read (no `text:` rule).
    public var text: String?

    /// Creates the fields.
    public init(title: String?, categories: [String], authorName: String?, authorEmail: String?, text: String?) {
        self.title = title
        self.categories = categories
        self.authorName = authorName
        self.authorEmail = authorEmail
        self.text = text
    }
}

/// The include / exclude rules of a planet and of its feeds, compiled once for one build.
///
/// An entry is shown when it passes the planet's include rules (any matches, or there are none),
/// the feed's include rules (the same), and no exclude rule of either matches it.
public struct EntryFilterSet {
    private struct Compiled {
        var rule: EntryFilter
        var regex: NSRegularExpression?
    }

    private let globalInclude: [Compiled]
    private let globalExclude: [Compiled]
    private let feedRules: [String: (include: [Compiled], exclude: [Compiled])]

    /// Compiles the rules. - Parameter feeds: feed URL → (include, exclude) of that feed.
    public init(include: [EntryFilter], exclude: [EntryFilter],
                feeds: [String: (include: [EntryFilter], exclude: [EntryFilter])]) {
        func compile(_ rules: [EntryFilter]) -> [Compiled] {
            rules.map { rule in
                switch rule.field {
                case .category, .author: return Compiled(rule: rule, regex: nil)
                case .title, .text:
                    return Compiled(rule: rule, regex: try? NSRegularExpression(
                        pattern: rule.pattern, options: rule.ignoresCase ? [.caseInsensitive] : []))
                }
            }
        }
        globalInclude = compile(include)
        globalExclude = compile(exclude)
        feedRules = feeds.filter { !$0.value.include.isEmpty || !$0.value.exclude.isEmpty }
            .mapValues { (compile($0.include), compile($0.exclude)) }
    }

    /// Whether no rule is set at all (the build then reads nothing for filters).
    public var isEmpty: Bool { globalInclude.isEmpty && globalExclude.isEmpty && feedRules.isEmpty }

    /// Feed URLs whose entries the rules must see: all of `feedURLs` with planet-wide rules,
    /// else the feeds with rules of their own.
    public func feedsToCheck(_ feedURLs: [String]) -> [String] {
        if !globalInclude.isEmpty || !globalExclude.isEmpty { return feedURLs }
        return feedURLs.filter { feedRules[$0] != nil }
    }

    /// Whether some rule looks at the content (`text:`).
    public var needsText: Bool {
        (globalInclude + globalExclude + feedRules.values.flatMap { $0.include + $0.exclude })
            .contains { $0.rule.field == .text }
    }

    /// Whether the entry of `feedURL` with `fields` is shown.
    public func shows(_ fields: FilterFields, feedURL: String) -> Bool {
        let own = feedRules[feedURL]
        if !globalInclude.isEmpty, !globalInclude.contains(where: { Self.matches($0, fields) }) { return false }
        if let own, !own.include.isEmpty, !own.include.contains(where: { Self.matches($0, fields) }) { return false }
        if globalExclude.contains(where: { Self.matches($0, fields) }) { return false }
        if let own, own.exclude.contains(where: { Self.matches($0, fields) }) { return false }
        return true
    }

    private static func matches(_ compiled: Compiled, _ fields: FilterFields) -> Bool {
        let rule = compiled.rule
        switch rule.field {
        case .category:
            return fields.categories.contains {
                $0.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(rule.pattern) == .orderedSame
            }
        case .author:
            return [fields.authorName, fields.authorEmail].contains {
                $0?.range(of: rule.pattern, options: .caseInsensitive) != nil
            }
        case .title:
            return search(compiled.regex, fields.title ?? "")
        case .text:
            return search(compiled.regex, (fields.title ?? "") + "\n" + (fields.text ?? ""))
        }
    }

    private static func search(_ regex: NSRegularExpression?, _ text: String) -> Bool {
        guard let regex else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
