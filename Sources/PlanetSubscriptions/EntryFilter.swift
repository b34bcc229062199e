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
            if body.hasSuffix("/i") {
                ignoresCase = true
                body = body.dropLast()
            }
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
