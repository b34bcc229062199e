/// The value grammar of `InlineStyle`'s properties: each property's accepted component values,
/// checked strictly and written back canonically. See `InlineStyle` for the list and its bounds.
enum InlineStyleValue {
    /// A component value of a declaration (CSS Syntax §5.4.7): one token, or a function with its
    /// arguments (white space removed; commas and slashes kept as separators).
    enum Component: Equatable {
        case token(CSSToken)
        case function(String, [CSSToken])
    }

    /// The value's component values, split at white space; nil when it holds anything no property
    /// of the subset accepts at its top level (a block, `!important`, a nested or unterminated
    /// function). Strings and commas stay, for `font-family`; every other property's check
    /// refuses them.
    static func components(_ tokens: ArraySlice<CSSToken>) -> [Component]? {
        var components: [Component] = []
        var function: (name: String, arguments: [CSSToken])?
        for token in tokens {
            if var open = function {
                switch token {
                case .closeParenthesis:
                    components.append(.function(open.name, open.arguments))
                    function = nil
                case .whitespace: continue
                case .number, .percentage, .dimension, .comma, .slash:
                    open.arguments.append(token)
                    function = open
                default: return nil
                }
                continue
            }
            switch token {
            case .whitespace: continue
            case .function(let name): function = (name.lowercased(), [])
            case .ident, .hash, .string, .comma, .number, .percentage, .dimension: components.append(.token(token))
            default: return nil
            }
        }
        return function == nil && !components.isEmpty ? components : nil
    }

    /// The canonical value text when `components` are valid for `property` on `element`, else nil.
    static func check(_ property: String, _ components: [Component], element: String) -> String? {
        if let elements = elementsOf[property], !elements.contains(element) { return nil }
        return checks[property]?(components)
    }

    /// A property's check: the canonical value text of valid components, else nil.
    private typealias Check = @Sendable ([Component]) -> String?

    /// The check of each property of the subset (`InlineStyle` lists them); a property not here
    /// is declined.
    private static let checks: [String: Check] = {
        let fontSizes = [
            "xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "smaller", "larger"
        ]
        var table: [String: Check] = [
            "color": { one($0, color) },
            "background-color": { one($0, color) },
            "background": { one($0, color) },  // the shorthand, a colour only: never an image
            "font-family": fontFamily,
            "font-weight": { one($0) { keyword($0, ["normal", "bold", "bolder", "lighter"]) ?? fontWeight($0) } },
            "font-style": { one($0) { keyword($0, ["normal", "italic", "oblique"]) } },
            "font-size": { one($0) { keyword($0, fontSizes) ?? length($0, Bounds.fontSize) } },
            "line-height": {
                one($0) { keyword($0, ["normal"]) ?? number($0, 0.8...3) ?? length($0, Bounds.lineHeight) }
            },
            "letter-spacing": { one($0) { keyword($0, ["normal"]) ?? length($0, Bounds.letterSpacing) } },
            "text-indent": { one($0) { length($0, Bounds.spacing) } },
            "text-align": { one($0) { keyword($0, ["left", "right", "center", "justify", "start", "end"]) } },
            "text-decoration": textDecoration,
            "text-decoration-line": textDecoration,
            "vertical-align": {
                one($0) {
                    keyword($0, ["baseline", "sub", "super", "top", "middle", "bottom", "text-top", "text-bottom"])
                }
            },
            "white-space": { one($0) { keyword($0, ["normal", "pre", "pre-wrap", "pre-line", "nowrap"]) } },
            "margin": { list($0, 1...4) { keyword($0, ["auto"]) ?? length($0, Bounds.spacing) } },
            "padding": { list($0, 1...4) { length($0, Bounds.spacing) } },
            "border-width": { list($0, 1...4, borderWidth) },
            "border-style": { list($0, 1...4, borderStyle) },
            "border-color": { list($0, 1...4, color) },
            "border-collapse": { one($0) { keyword($0, ["collapse", "separate"]) } },
            "border-spacing": { list($0, 1...2) { length($0, Bounds.spacing) } },
            "width": { one($0) { keyword($0, ["auto"]) ?? percentage($0, 0...100) ?? length($0, Bounds.width) } },
            "float": { one($0) { keyword($0, ["left", "right", "none"]) } },
            "clear": { one($0) { keyword($0, ["left", "right", "both", "none"]) } }
        ]
        table["border"] = border
        for side in ["top", "right", "bottom", "left"] {
            table["margin-" + side] = { one($0) { keyword($0, ["auto"]) ?? length($0, Bounds.spacing) } }
            table["padding-" + side] = { one($0) { length($0, Bounds.spacing) } }
            table["border-" + side] = border
            table["border-\(side)-width"] = { one($0, borderWidth) }
            table["border-\(side)-style"] = { one($0, borderStyle) }
            table["border-\(side)-color"] = { one($0, color) }
        }
        return table
    }()

    /// Properties allowed on some elements only, and those elements.
    private static let elementsOf: [String: Set<String>] = ["width": sized, "float": floated, "clear": floated]

    /// Elements that may have a `width` (a percentage of the entry at most, a bounded length, or
    /// `auto`): images, tables and their cells, the blocks that frame content (figures, media,
    /// quotes, a caption's `div`), never text runs.
    static let sized: Set<String> = [
        "img", "table", "td", "th", "col", "figure", "video", "audio", "blockquote", "pre", "div", "aside",
        "section", "fieldset", "details"
    ]

    /// Elements that may float (`float`, `clear`): images, figures, tables, media and framing
    /// blocks, as WordPress aligns them (`alignleft`, a `wp-caption` div). Never cells.
    static let floated: Set<String> = [
        "img", "figure", "table", "video", "audio", "blockquote", "pre", "div", "aside", "section"
    ]

    /// Bounds of sizes, by unit (lowercase): `px`, `pt`, `em`, `rem`, and `in` (96px), `ex` and
    /// `ch` (about half an em) within the same sizes.
    enum Bounds {
        static let fontSize: [String: ClosedRange<Double>] = [
            "px": 8...48, "pt": 6...36, "em": 0.5...3,
            "rem": 0.5...3, "%": 50...300, "in": 0.08...0.5, "ex": 1...6, "ch": 1...6
        ]
        static let lineHeight: [String: ClosedRange<Double>] = [
            "px": 8...72, "pt": 6...54, "em": 0.8...3,
            "rem": 0.8...3, "%": 80...300, "in": 0.08...0.75, "ex": 1.6...6, "ch": 1.6...6
        ]
        /// Margins, paddings, border spacing, text indents: never negative (nothing is pulled out
        /// of the box).
        static let spacing: [String: ClosedRange<Double>] = [
            "px": 0...100, "pt": 0...75, "em": 0...6,
            "rem": 0...6, "%": 0...25, "in": 0...1, "ex": 0...12, "ch": 0...12
        ]
        static let borderWidth: [String: ClosedRange<Double>] = [
            "px": 0...10, "pt": 0...8, "em": 0...0.6,
            "rem": 0...0.6, "in": 0...0.1, "ex": 0...1.2, "ch": 0...1.2
        ]
        /// Widths: never negative, at most about a page's column (800px).
        static let width: [String: ClosedRange<Double>] = [
            "px": 0...800, "pt": 0...600, "em": 0...50, "rem": 0...50, "in": 0...8, "ex": 0...100, "ch": 0...100
        ]
        /// Letter spacing: never negative (letters never drawn over each other), at most 0.5em.
        static let letterSpacing: [String: ClosedRange<Double>] = [
            "px": 0...8, "pt": 0...6, "em": 0...0.5, "rem": 0...0.5, "ex": 0...1, "ch": 0...1
        ]
    }

    // MARK: Component checks

    private static func one(_ components: [Component], _ check: (Component) -> String?) -> String? {
        components.count == 1 ? check(components[0]) : nil
    }

    private static func list(
        _ components: [Component], _ counts: ClosedRange<Int>,
        _ check: (Component) -> String?
    ) -> String? {
        guard counts.contains(components.count) else { return nil }
        var values: [String] = []
        for component in components {
            guard let value = check(component) else { return nil }
            values.append(value)
        }
        return values.joined(separator: " ")
    }

    /// The identifier, lowercased, when it is one of `allowed` (a short list: searched in place,
    /// where a Set would be built and hashed on every call).
    private static func keyword(_ component: Component, _ allowed: [String]) -> String? {
        guard case .token(.ident(let name)) = component else { return nil }
        let lowered = name.lowercased()
        return allowed.contains(lowered) ? lowered : nil
    }

    /// A length within `bounds` (by unit; `%` for percentages), or a unitless zero.
    static func length(_ component: Component, _ bounds: [String: ClosedRange<Double>]) -> String? {
        switch component {
        case .token(.dimension(let number, let unit)):
            let unit = unit.lowercased()
            guard let range = bounds[unit], let value = Double(number), range.contains(value) else { return nil }
            return number + unit
        case .token(.percentage(let number)):
            guard let range = bounds["%"], let value = Double(number), range.contains(value) else { return nil }
            return number + "%"
        case .token(.number(let number)):
            return Double(number) == 0 ? "0" : nil
        default:
            return nil
        }
    }

    private static func number(_ component: Component, _ range: ClosedRange<Double>) -> String? {
        guard case .token(.number(let number)) = component, let value = Double(number), range.contains(value) else {
            return nil
        }
        return number
    }

    private static func percentage(_ component: Component, _ range: ClosedRange<Double>) -> String? {
        guard case .token(.percentage(let number)) = component, let value = Double(number), range.contains(value) else {
            return nil
        }
        return number + "%"
    }

    private static func fontWeight(_ component: Component) -> String? {
        guard case .token(.number(let number)) = component,
            ["100", "200", "300", "400", "500", "600", "700", "800", "900"].contains(number)
        else { return nil }
        return number
    }

    private static func textDecoration(_ components: [Component]) -> String? {
        if components.count == 1, let none = keyword(components[0], ["none"]) { return none }
        var seen: [String] = []
        for component in components {
            guard let line = keyword(component, ["underline", "overline", "line-through"]), !seen.contains(line) else {
                return nil
            }
            seen.append(line)
        }
        return seen.isEmpty ? nil : seen.joined(separator: " ")
    }

    private static func borderWidth(_ component: Component) -> String? {
        keyword(component, ["thin", "medium", "thick"]) ?? length(component, Bounds.borderWidth)
    }

    private static func borderStyle(_ component: Component) -> String? {
        keyword(
            component,
            [
                "none", "hidden", "solid", "dashed", "dotted", "double", "groove", "ridge",
                "inset", "outset"
            ])
    }

    /// `border` shorthand: up to one width, one style and one colour, in any order.
    private static func border(_ components: [Component]) -> String? {
        guard (1...3).contains(components.count) else { return nil }
        var width: String?
        var style: String?
        var colour: String?
        var values: [String] = []
        for component in components {
            if width == nil, let value = borderWidth(component) {
                width = value
                values.append(value)
            } else if style == nil, let value = borderStyle(component) {
                style = value
                values.append(value)
            } else if colour == nil, let value = color(component) {
                colour = value
                values.append(value)
            } else {
                return nil
            }
        }
        return values.joined(separator: " ")
    }

    // MARK: Colours (CSS Color Module Level 4)

    /// A named colour, `transparent`, `currentcolor`, a hex colour, or `rgb()`/`rgba()`/`hsl()`/
    /// `hsla()` with plain numbers and percentages; written lowercase, functions with commas.
    static func color(_ component: Component) -> String? {
        switch component {
        case .token(.ident(let name)):
            let name = name.lowercased()
            return namedColors.contains(name) || name == "transparent" || name == "currentcolor" ? name : nil
        case .token(.hash(let digits)):
            guard [3, 4, 6, 8].contains(digits.unicodeScalars.count),
                digits.unicodeScalars.allSatisfy({ $0.isASCII && Character($0).isHexDigit })
            else { return nil }
            return "#" + digits.lowercased()
        case .function(let name, let arguments):
            let values = arguments.filter { $0 != .comma && $0 != .slash }
            guard arguments.count - values.count <= 3, values.count == 3 || values.count == 4 else { return nil }
            var parts: [String] = []
            switch name {
            case "rgb", "rgba":
                for channel in values.prefix(3) {
                    guard let part = numberText(channel, 0...255, percentages: 0...100) else { return nil }
                    parts.append(part)
                }
            case "hsl", "hsla":
                switch values[0] {
                case .number(let hue) where Double(hue).map({ (-360...720).contains($0) }) == true:
                    parts.append(hue)
                case .dimension(let hue, let unit)
                where unit.lowercased() == "deg"
                    && Double(hue).map({ (-360...720).contains($0) }) == true:
                    parts.append(hue + "deg")
                default: return nil
                }
                for value in values[1...2] {
                    guard case .percentage(let number) = value, let amount = Double(number),
                        (0...100).contains(amount)
                    else { return nil }
                    parts.append(number + "%")
                }
            default:
                return nil
            }
            if values.count == 4 {
                guard let alpha = numberText(values[3], 0...1, percentages: 0...100) else { return nil }
                parts.append(alpha)
            }
            let base = name.hasPrefix("rgb") ? "rgb" : "hsl"
            return (values.count == 4 ? base + "a(" : base + "(") + parts.joined(separator: ", ") + ")"
        default:
            return nil
        }
    }

    private static func numberText(
        _ token: CSSToken, _ numbers: ClosedRange<Double>,
        percentages: ClosedRange<Double>
    ) -> String? {
        switch token {
        case .number(let text): return Double(text).map(numbers.contains) == true ? text : nil
        case .percentage(let text): return Double(text).map(percentages.contains) == true ? text + "%" : nil
        default: return nil
        }
    }

    /// CSS Color Module Level 4 §6.1, named colours.
    static let namedColors: Set<String> = [
        "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
        "blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse",
        "chocolate", "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue", "darkcyan",
        "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki", "darkmagenta",
        "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon", "darkseagreen",
        "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise", "darkviolet", "deeppink",
        "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick", "floralwhite", "forestgreen",
        "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod", "gray", "green", "greenyellow",
        "grey", "honeydew", "hotpink", "indianred", "indigo", "ivory", "khaki", "lavender",
        "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral", "lightcyan",
        "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey", "lightpink", "lightsalmon",
        "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey", "lightsteelblue",
        "lightyellow", "lime", "limegreen", "linen", "magenta", "maroon", "mediumaquamarine",
        "mediumblue", "mediumorchid", "mediumpurple", "mediumseagreen", "mediumslateblue",
        "mediumspringgreen", "mediumturquoise", "mediumvioletred", "midnightblue", "mintcream",
        "mistyrose", "moccasin", "navajowhite", "navy", "oldlace", "olive", "olivedrab", "orange",
        "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise", "palevioletred",
        "papayawhip", "peachpuff", "peru", "pink", "plum", "powderblue", "purple", "rebeccapurple",
        "red", "rosybrown", "royalblue", "saddlebrown", "salmon", "sandybrown", "seagreen", "seashell",
        "sienna", "silver", "skyblue", "slateblue", "slategray", "slategrey", "snow", "springgreen",
        "steelblue", "tan", "teal", "thistle", "tomato", "turquoise", "violet", "wheat", "white",
        "whitesmoke", "yellow", "yellowgreen"
    ]
}
