import Foundation
import PlanetBase
import PlanetCache
import PlanetSubscriptions

/// The include / exclude rules of a planet and of its feeds, compiled once for one build.
///
/// An entry is shown when it passes the planet's include rules (any matches, or there are none),
/// the feed's include rules (the same), and no exclude rule of either matches it.
package struct EntryFilterSet {
    private struct Compiled {
        var rule: EntryFilter
        var regex: NSRegularExpression?
    }

    private let globalInclude: [Compiled]
    private let globalExclude: [Compiled]
    private let feedRules: [String: (include: [Compiled], exclude: [Compiled])]

    /// Compiles the rules. - Parameter feeds: feed URL → (include, exclude) of that feed.
    package init(
        include: [EntryFilter], exclude: [EntryFilter],
        feeds: [String: (include: [EntryFilter], exclude: [EntryFilter])]
    ) {
        func compile(_ rules: [EntryFilter]) -> [Compiled] {
            rules.map { rule in
                switch rule.field {
                case .category, .author: return Compiled(rule: rule, regex: nil)
                case .title, .text:
                    return Compiled(
                        rule: rule,
                        regex: try? NSRegularExpression(
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
    package var isEmpty: Bool { globalInclude.isEmpty && globalExclude.isEmpty && feedRules.isEmpty }

    /// Feed URLs whose entries the rules must see: all of `feedURLs` with planet-wide rules,
    /// else the feeds with rules of their own.
    package func feedsToCheck(_ feedURLs: [String]) -> [String] {
        if !globalInclude.isEmpty || !globalExclude.isEmpty { return feedURLs }
        return feedURLs.filter { feedRules[$0] != nil }
    }

    /// Whether some rule looks at the content (`text:`).
    package var needsText: Bool {
        (globalInclude + globalExclude + feedRules.values.flatMap { $0.include + $0.exclude })
            .contains { $0.rule.field == .text }
    }

    /// Whether the entry of `feedURL` with `fields` is shown.
    package func shows(_ fields: FilterFields, feedURL: String) -> Bool {
        let own = feedRules[feedURL]
        if !globalInclude.isEmpty, !globalInclude.contains(where: { Self.matches($0, fields) }) { return false }
        if let own, !own.include.isEmpty, !own.include.contains(where: { Self.matches($0, fields) }) { return false }
        if globalExclude.contains(where: { Self.matches($0, fields) }) { return false }
        if let own, own.exclude.contains(where: { Self.matches($0, fields) }) { return false }
        return true
    }

    /// Whether `compiled` matches the fields as stored or with their no-break spaces read as
    /// spaces: titles, names and categories keep U+00A0, U+202F and U+2007 (docs/ARCHITECTURE.md
    /// rule 12), which look like the space a rule in feeds.txt is typed with ("author:Jane Doe"
    /// for "Jane&nbsp;Doe"); a rule that names a no-break space itself still matches.
    private static func matches(_ compiled: Compiled, _ fields: FilterFields) -> Bool {
        if matchesAsStored(compiled, fields) { return true }
        let spaced = FilterFields(
            title: fields.title.map(spacingNoBreakSpaces), categories: fields.categories.map(spacingNoBreakSpaces),
            authorName: fields.authorName.map(spacingNoBreakSpaces), authorEmail: fields.authorEmail,
            text: fields.text.map(spacingNoBreakSpaces))
        return spaced != fields && matchesAsStored(compiled, spaced)
    }

    /// `text` with each no-break space (U+00A0, U+202F, U+2007) an ordinary space.
    private static func spacingNoBreakSpaces(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: \.isNoBreakSpace) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(scalar.isNoBreakSpace ? " " : scalar) }
        return String(scalars)
    }

    private static func matchesAsStored(_ compiled: Compiled, _ fields: FilterFields) -> Bool {
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
