/// The checked subset of inline CSS the sanitizer keeps in `style` attributes: what is visible
/// and stays inside the entry's box. Syntax highlighting colours, table alignment and image
/// floats survive; everything that could cover the page, load a resource or run code does not.
///
/// Allowed, each value checked strictly and bounded where it is a size: `color`,
/// `background-color` and the `background` shorthand with a colour only (named colours,
/// `#rgb[a]`/`#rrggbb[aa]`, `rgb[a]()`, `hsl[a]()`, `transparent`, `currentcolor`);
/// `font-family` (family names and generic families, quoted or not, at most 8 of 64 code
/// points: `InlineStyleValue.fontFamily`); `font-weight`, `font-style`, `font-size` (keywords,
/// 8–48px, 6–36pt, 0.5–3em/rem, 50–300%, the same sizes in `in`/`ex`/`ch`); `line-height`;
/// `letter-spacing` (0–0.5em); `text-indent` (as margins); `text-align`; `text-decoration`;
/// `vertical-align`; `white-space`; `margin`, `padding` and their sides (non-negative, at most
/// 100px/75pt/6em/25%; `margin` also `auto`); `border` and its sides and longhands (width at
/// most 10px, a style keyword, a colour; never an image); `border-collapse`, `border-spacing`;
/// `width` (a percentage up to 100%, a length up to 800px/600pt/50em, or `auto`) on images,
/// tables and cells, figures, media and framing blocks (`InlineStyleValue.sized`); `float` and
/// `clear` (left, right, none) on images, figures, tables, media and framing blocks
/// (`InlineStyleValue.floated`).
///
/// Never: `url()`, `expression()`, any other function, `position`, `z-index`, `display`,
/// `cursor`, negative margins, `!important`, strings outside `font-family`, CSS escapes (a
/// backslash drops the whole attribute), anything not listed. The declaration list is tokenized
/// (`CSSTokenizer`), split at top-level `;`, and every declaration is validated on its own: the
/// ones that fail are dropped, the others are written back canonically from their tokens
/// (lowercase names and keywords, `prop: value` joined by `; `), never copied from the input.
/// For a property given twice the last value wins, at the place of the first, so that
/// sanitizing the output again changes nothing.
enum InlineStyle {
    /// One checked declaration: lowercase property, canonical value text.
    struct Declaration: Equatable, Sendable {
        var property: String
        var value: String
    }

    /// The declarations of a `style` attribute on `element` that pass; empty when none does.
    static func declarations(_ text: String, element: String) -> [Declaration] {
        guard let tokens = CSSTokenizer.tokens(text) else { return [] }
        var found: [Declaration] = []
        for declaration in split(tokens) {
            if let checked = check(tokens[declaration], element: element) { found.append(checked) }
        }
        return found
    }

    /// `declarations` merged (later ones win, see the type's documentation) and written as an
    /// attribute value; nil when there are none.
    static func serialized(_ declarations: [Declaration]) -> String? {
        var merged: [Declaration] = []
        for declaration in declarations {
            if let index = merged.firstIndex(where: { $0.property == declaration.property }) {
                merged[index].value = declaration.value
            } else {
                merged.append(declaration)
            }
        }
        guard !merged.isEmpty else { return nil }
        return merged.map { "\($0.property): \($0.value)" }.joined(separator: "; ")
    }

    /// The ranges of the token runs between top-level semicolons (a `;` inside parentheses or a
    /// block belongs to the declaration it is in, CSS Syntax §5.4.5).
    private static func split(_ tokens: [CSSToken]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        var depth = 0
        for (index, token) in tokens.enumerated() {
            switch token {
            case .function, .openBlock: depth += 1
            case .closeParenthesis, .closeBlock: depth = max(0, depth - 1)
            case .semicolon where depth == 0:
                runs.append(start..<index)
                start = index + 1
            default: break
            }
        }
        runs.append(start..<tokens.count)
        return runs
    }

    /// `name : value` with the value valid for the property, or nil.
    private static func check(_ tokens: ArraySlice<CSSToken>, element: String) -> Declaration? {
        let tokens = trimmed(tokens)
        guard case .ident(let name)? = tokens.first else { return nil }
        let rest = trimmed(tokens.dropFirst())
        guard rest.first == .colon else { return nil }
        let property = name.lowercased()
        guard let components = InlineStyleValue.components(trimmed(rest.dropFirst())),
            let value = InlineStyleValue.check(property, components, element: element)
        else { return nil }
        return Declaration(property: property, value: value)
    }

    private static func trimmed(_ tokens: ArraySlice<CSSToken>) -> ArraySlice<CSSToken> {
        var tokens = tokens
        while tokens.first == .whitespace { tokens = tokens.dropFirst() }
        while tokens.last == .whitespace { tokens = tokens.dropLast() }
        return tokens
    }
}
