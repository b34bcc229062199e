import Foundation

/// Venus filter names that have an include/exclude equivalent.
enum VenusFilters {
    /// Translates a `filters` value (filters separated by blanks).
    /// - Returns: `include`/`exclude` rules, and the filters that have no equivalent.
    static func translate(_ value: String) -> (rules: [(key: String, value: String)], rest: [String]) {
        var rules: [(key: String, value: String)] = []
        var rest: [String] = []
        for filter in value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init) {
            guard let question = filter.firstIndex(of: "?") else {
                rest.append(filter)
                continue
            }
            let name = filter[..<question]
            var translated: [(String, String)] = []
            for part in filter[filter.index(after: question)...].split(separator: "&") {
                let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
                guard pieces.count == 2,
                    let argument = pieces[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding
                else { continue }
                let key = pieces[0] == "require" ? "include" : pieces[0] == "exclude" ? "exclude" : ""
                guard !key.isEmpty else { continue }
                if name.hasPrefix("regexp_sifter"), (try? EntryFilter.parse("text:/\(argument)/")) != nil {
                    translated.append((key, "text:/\(argument)/"))
                } else if name.hasPrefix("xpath_sifter"), let term = categoryTerm(argument) {
                    translated.append((key, "category:\(term)"))
                }
            }
            if translated.isEmpty { rest.append(filter) } else { rules += translated }
        }
        return (rules, rest)
    }

    /// What planet offers instead of a Venus filter it does not run (Venus filters/*), as `: use …`
    /// after its name; empty when nothing is close. Matched on the filter's file name.
    static func hint(_ filter: String) -> String {
        let name = filter.split(separator: "?").first.map { $0.lowercased() } ?? ""
        let hints: [(part: String, hint: String)] = [
            ("categor", "use 'include = category:NAME' (or exclude)"),
            ("excerpt", "use {{excerpt}} in templates (setting excerpt_length)"),
            ("minhead", "use 'min_heading = N'"),
            ("notiny", "planet drops 1x1 tracking images by default (keep_tracking = yes keeps them)"),
            ("stripad", "planet drops tracking images and ad links by default (keep_tracking = yes keeps them)"),
            ("sifter", "use 'include'/'exclude = text:/RE/' or 'category:NAME'")
        ]
        return hints.first { name.contains($0.part) }.map { ": \($0.hint)" } ?? ""
    }

    /// Venus's `filter = RE` / `exclude = RE` (docs/filters.html: a regular expression the text
    /// of an entry must / must not match) as `include`/`exclude = text:/RE/`; nil when planet
    /// cannot read the expression.
    static func expression(_ key: String, _ value: String) -> (key: String, value: String)? {
        guard (try? EntryFilter.parse("text:/\(value)/")) != nil else { return nil }
        return (key == "filter" ? "include" : "exclude", "text:/\(value)/")
    }

    /// `python` of `//atom:category[@term='python']` (either quote), else nil.
    static func categoryTerm(_ xpath: String) -> String? {
        for quote in ["'", "\""] {
            let prefix = "//atom:category[@term=\(quote)"
            let suffix = "\(quote)]"
            if xpath.hasPrefix(prefix), xpath.hasSuffix(suffix), xpath.count > prefix.count + suffix.count {
                return String(xpath.dropFirst(prefix.count).dropLast(suffix.count))
            }
        }
        return nil
    }
}
