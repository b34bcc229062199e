import PlanetBase

/// Presentational HTML of older feeds kept as what it shows: obsolete elements written as their
/// allowed equivalents and presentational attributes turned into `InlineStyle` declarations,
/// following the HTML Living Standard's rendering section (§15.3, "non-replaced elements";
/// §15.4.3, attributes for embedded content and images).
///
/// Elements: `strike` → `s`, `tt` → `code`, `acronym` → `abbr` (its `title`, the expansion, kept),
/// `dir` → `ul`, `big` → `span` with `font-size: larger`, `center` →
/// `div` with `text-align: center`, `font` → `span` with its `color`, `size` and `face`
/// (`font-family`).
/// Attributes: `align` (text-align on blocks and cells; float or vertical-align on images; centring
/// margins or float on tables), `valign`, `bgcolor`, image `hspace`/`vspace` (margins), percentage `width`,
/// and a table's `border`, `cellspacing` and `cellpadding` (the last two, and the cell borders a
/// table border implies, go to its cells). Every declaration made here passes the same value checks
/// as a `style` attribute; a value that fails is dropped.
enum PresentationalHTML {
    /// The element written for `name`: its allowed equivalent, or `name` itself.
    static func elementName(for name: String) -> String {
        switch name {
        case "strike": return "s"
        case "tt": return "code"
        case "big", "font": return "span"
        case "center": return "div"
        case "acronym": return "abbr"  // HTML LS §16.2: "Use abbr instead."
        case "dir": return "ul"  // HTML LS §16.2: "Use ul instead."
        default: return name
        }
    }

    /// The declarations for `node` (source element `source`, written as `element`): its element's
    /// and its presentational attributes', then `cell` (from the enclosing table) for cells, then
    /// its own `style` attribute, in that order, so that the author's CSS wins.
    static func declarations(
        _ node: HTMLFragmentNode, source: String, element: String,
        cell: [InlineStyle.Declaration]
    ) -> [InlineStyle.Declaration] {
        let isCell = element == "td" || element == "th"
        // Most elements have no presentational attribute and no presentational name: nothing to declare.
        let hasAttributes = hasPresentationalAttribute(node)
        if !hasAttributes, !(isCell && !cell.isEmpty), source != "big", source != "center", source != "font" {
            return []
        }
        var found = Declarations(element: element)
        found.addElementStyle(of: node, source: source)
        if isCell { found.list += cell }
        guard hasAttributes else { return found.list }
        let align = node.attributeValue("align")?.trimmingSpacesAndNewlines().lowercased()
        switch element {
        case "img": found.addImageAttributes(of: node, align: align)
        case "table": found.addTableAttributes(of: node, align: align)
        case "td", "th", "tr", "thead", "tbody", "tfoot", "p", "div", "h1", "h2", "h3", "h4", "h5", "h6":
            switch align {
            case "left", "right", "center", "justify": found.add("text-align", align)
            default: break
            }
        default: break
        }
        found.addBoxAttributes(of: node)
        if let style = node.attributeValue("style") {
            found.list += InlineStyle.declarations(style, element: element)
        }
        return found.list
    }

    /// The declarations made for one element, each checked as a `style` value would be.
    private struct Declarations {
        /// The element written, whose rules the checks apply.
        let element: String
        /// The declarations so far, in the order made.
        var list: [InlineStyle.Declaration] = []

        /// Adds `property: value` when there is a value and it passes the checks.
        mutating func add(_ property: String, _ value: String?) {
            guard let value, let declaration = checked(property, value, element: element) else { return }
            list.append(declaration)
        }

        /// What the obsolete element itself shows: `big`, `center`, `font`'s colour, size and face.
        mutating func addElementStyle(of node: HTMLFragmentNode, source: String) {
            switch source {
            case "big": add("font-size", "larger")
            case "center": add("text-align", "center")
            case "font":
                add("color", node.attributeValue("color").map(legacyColor))
                add("font-size", node.attributeValue("size").flatMap(fontSize))
                add("font-family", node.attributeValue("face").flatMap(fontFamily))
            default: break
            }
        }

        /// An image's `align` (float or vertical-align), `hspace` and `vspace` (margins).
        mutating func addImageAttributes(of node: HTMLFragmentNode, align: String?) {
            switch align {
            case "left", "right": add("float", align)
            case "top", "middle", "bottom", "baseline", "text-top": add("vertical-align", align)
            case "absmiddle", "center": add("vertical-align", "middle")
            case "texttop": add("vertical-align", "text-top")
            case "absbottom": add("vertical-align", "bottom")
            default: break
            }
            if let space = pixels(node.attributeValue("hspace")) {
                add("margin-left", space)
                add("margin-right", space)
            }
            if let space = pixels(node.attributeValue("vspace")) {
                add("margin-top", space)
                add("margin-bottom", space)
            }
        }

        /// A table's `align` (centring margins; `left`/`right` float it, §15.3.10), `border` and
        /// `cellspacing`.
        mutating func addTableAttributes(of node: HTMLFragmentNode, align: String?) {
            if align == "center" {
                add("margin-left", "auto")
                add("margin-right", "auto")
            } else if align == "left" || align == "right" {
                add("float", align)
            }
            if let border = pixels(node.attributeValue("border")), border != "0px" { add("border", border + " outset") }
            add("border-spacing", pixels(node.attributeValue("cellspacing")))
        }

        /// `valign` of rows and cells, `bgcolor` of tables, rows and cells, and a percentage
        /// `width` of images, tables, cells and columns.
        mutating func addBoxAttributes(of node: HTMLFragmentNode) {
            switch element {
            case "td", "th", "tr", "thead", "tbody", "tfoot":
                add("vertical-align", node.attributeValue("valign")?.trimmingSpacesAndNewlines().lowercased())
            default: break
            }
            switch element {
            case "table", "tr", "td", "th":
                add("background-color", node.attributeValue("bgcolor").map(legacyColor))
            default: break
            }
            switch element {
            case "img", "table", "td", "th", "col":
                if let width = node.attributeValue("width")?.trimmingSpaces(), width.hasSuffix("%") {
                    add("width", width)
                }
            default: break
            }
        }
    }

    /// The attributes `declarations` reads.
    private static let presentational = [
        "align", "valign", "bgcolor", "width", "hspace", "vspace", "border",
        "cellspacing", "style", "color", "size", "face"
    ].map(HTMLNameKey.init)

    /// True when `node` has one of the attributes `declarations` reads (compared as name keys).
    private static func hasPresentationalAttribute(_ node: HTMLFragmentNode) -> Bool {
        var cursor = node.firstAttribute
        while let attribute = cursor {
            if let key = attribute.nameKey, presentational.contains(key) { return true }
            cursor = attribute.next
        }
        return false
    }

    /// What a table's `border` and `cellpadding` give each of its cells (HTML Living Standard
    /// §15.3.9: cells of a table with a border get `1px inset` borders).
    static func cellDeclarations(ofTable node: HTMLFragmentNode) -> [InlineStyle.Declaration] {
        var found: [InlineStyle.Declaration] = []
        if let border = pixels(node.attributeValue("border")), border != "0px",
            let declaration = checked("border", "1px inset", element: "td")
        {
            found.append(declaration)
        }
        if let padding = pixels(node.attributeValue("cellpadding")),
            let declaration = checked("padding", padding, element: "td")
        {
            found.append(declaration)
        }
        return found
    }

    /// `property: value` as one checked declaration, nil when the value fails its check.
    private static func checked(_ property: String, _ value: String, element: String) -> InlineStyle.Declaration? {
        guard let tokens = CSSTokenizer.tokens(value),
            let components = InlineStyleValue.components(tokens[...]),
            let canonical = InlineStyleValue.check(property, components, element: element)
        else { return nil }
        return InlineStyle.Declaration(property: property, value: canonical)
    }

    /// A non-negative integer attribute (`hspace="10"`) as CSS pixels, nil otherwise.
    private static func pixels(_ value: String?) -> String? {
        guard let value = value?.trimmingSpacesAndNewlines(), !value.isEmpty, value.count <= 4,
            value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(value)
        else { return nil }
        return "\(number)px"
    }

    /// HTML's legacy colour values as CSS: `ff0000` without `#` (HTML Living Standard §2.3.6,
    /// "rules for parsing a legacy colour value", its common case) gains the `#`.
    private static func legacyColor(_ value: String) -> String {
        let value = value.trimmingSpacesAndNewlines()
        let isHex =
            [3, 6].contains(value.unicodeScalars.count)
            && value.unicodeScalars.allSatisfy { $0.isASCII && Character($0).isHexDigit }
        return isHex ? "#" + value : value
    }

    /// `<font face>`: a comma-separated list of family names (HTML Living Standard §15.3.4), as a
    /// `font-family` value: generic families as they are, other names quoted; nil for none.
    private static func fontFamily(_ value: String) -> String? {
        let names = value.split(separator: ",").map { name in
            String(name).trimmingSpacesAndNewlines().filter { $0 != "\"" && $0 != "'" }
        }.filter { !$0.isEmpty }
        guard !names.isEmpty else { return nil }
        return names.map { name in
            InlineStyleValue.genericFamilies.contains(name.lowercased()) ? name.lowercased() : "'" + name + "'"
        }.joined(separator: ", ")
    }

    /// `<font size>`: 1–7, or ±n relative to 3 (HTML Living Standard §15.3.4, "rules for parsing a
    /// legacy font size"), as the CSS keyword (7 is written `xx-large`, the largest of the subset).
    private static func fontSize(_ value: String) -> String? {
        let value = value.trimmingSpacesAndNewlines()
        let sign = value.first.flatMap { $0 == "+" || $0 == "-" ? $0 : nil }
        guard let number = Int(sign == nil ? value : String(value.dropFirst())), number >= 0, number < 100 else {
            return nil
        }
        let size = min(7, max(1, sign == "+" ? 3 + number : sign == "-" ? 3 - number : number))
        return ["x-small", "small", "medium", "large", "x-large", "xx-large", "xx-large"][size - 1]
    }
}
