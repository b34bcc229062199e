import PlanetBase

extension InlineStyleValue {
    /// Bounds of a `font-family` list: families, and code points in one family's name.
    enum FontFamilyBounds {
        static let families = 8
        static let nameLength = 64
    }

    /// The generic families (CSS Fonts Module Level 4 §2.1.1), written lowercase.
    static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
        "ui-monospace", "ui-rounded", "emoji", "math", "fangsong"
    ]

    /// Identifiers CSS Fonts §2.1 excludes from unquoted family names: the CSS-wide keywords and
    /// `default`.
    private static let excludedFamilyWords: Set<String> = [
        "inherit", "initial", "unset", "revert", "revert-layer", "default"
    ]

    /// `font-family` (CSS Fonts Module Level 4 §2.1): a comma-separated list of at most
    /// `FontFamilyBounds.families` families, each a generic family, a quoted name, or a name of
    /// identifiers separated by white space; a name of letters, digits, marks, spaces, `-`, `_`
    /// and `.` only, at most `FontFamilyBounds.nameLength` code points. Written back with `, `
    /// between families, a quoted name in single quotes, an unquoted one's identifiers joined by a
    /// space, generic families lowercase. A family only picks one of the reader's installed fonts
    /// (or the page's own): nothing is loaded, nothing escapes the box.
    static func fontFamily(_ components: [Component]) -> String? {
        var families: [String] = []
        var words: [String] = []
        var quoted: String?
        func endFamily() -> Bool {
            guard families.count < FontFamilyBounds.families, let family = family(words, quoted: quoted) else {
                return false
            }
            families.append(family)
            words = []
            quoted = nil
            return true
        }
        for component in components {
            switch component {
            case .token(.comma):
                guard endFamily() else { return nil }
            case .token(.string(let name)) where words.isEmpty && quoted == nil:
                quoted = name
            case .token(.ident(let word)) where quoted == nil:
                words.append(word)
            default:
                return nil
            }
        }
        guard endFamily() else { return nil }
        return families.joined(separator: ", ")
    }

    /// One family's canonical text: `quoted` in single quotes, else `words` (a generic family
    /// alone, or a name); nil when it is empty or fails the bounds.
    private static func family(_ words: [String], quoted: String?) -> String? {
        if let quoted {
            let name = quoted.trimmingSpaces()
            return isFamilyName(name) ? "'" + name + "'" : nil
        }
        guard !words.isEmpty else { return nil }
        if words.count == 1, genericFamilies.contains(words[0].lowercased()) { return words[0].lowercased() }
        guard !words.contains(where: { excludedFamilyWords.contains($0.lowercased()) }) else { return nil }
        let name = words.joined(separator: " ")
        return isFamilyName(name) ? name : nil
    }

    private static func isFamilyName(_ name: String) -> Bool {
        var count = 0
        for scalar in name.unicodeScalars {
            count += 1
            guard count <= FontFamilyBounds.nameLength else { return false }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .decimalNumber, .letterNumber, .otherNumber:
                continue
            default:
                guard scalar == " " || scalar == "-" || scalar == "_" || scalar == "." else { return false }
            }
        }
        return count > 0
    }
}
