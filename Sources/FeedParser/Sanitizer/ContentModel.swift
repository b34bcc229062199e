/// What HTML's content models (HTML Living Standard §3.2.5, §4) allow where, as far as the
/// sanitizer's writer needs it to write a fragment that validates and that an HTML5 parser reads
/// back as written: feeds carry `<span><div>`, `<p><table>`, `<ul><br>`, `<dl>` without `<dd>`
/// and `<figcaption>` outside `<figure>`, which a browser restructures or the Nu checker refuses.
/// The writer (`SanitizingWriter+ContentModel.swift`) fixes them by renaming or unwrapping
/// elements, never by dropping text or links (docs/ARCHITECTURE.md, Rules 8).
enum ContentModel {
    /// What the element being written holds, for the children the writer writes next.
    enum Parent: Equatable {
        /// Flow content: anything allowed.
        case flow
        /// `ul`, `ol`, `menu`: `li` children only (HTML LS §4.4.5–4.4.7); other content is put in
        /// an `li` of its own.
        case list
        /// A `dl` whose children are groups of `dt`s then `dd`s (HTML LS §4.4.9).
        case definitionList
        /// A `figure`: a `figcaption` is its first or last child (HTML LS §4.4.12).
        case figure
        /// A `fieldset`: a `legend` is its first child (HTML LS §4.10.15).
        case fieldset
        /// A `table`, `thead`, `tbody` or `tfoot`: rows and the table's own parts only (HTML LS
        /// §4.9.1, §4.9.5–4.9.7); other content is put in a row and cell of its own (an HTML5
        /// parser would move it before the table, and the Nu checker stops at it).
        case table
        /// A `tr`: `td` and `th` children only (HTML LS §4.9.8); other content is put in a cell.
        case row

        /// How the children of a list, table or row are written (`Container`); nil for the
        /// parents whose children are not wrapped.
        var container: Container? {
            switch self {
            case .list: return Container(accepts: ["li"], open: "<li>", close: "</li>", holds: .list)
            case .table:
                return Container(
                    accepts: ["caption", "colgroup", "thead", "tbody", "tfoot", "tr"], open: "<tr><td>",
                    close: "</td></tr>", holds: .table)
            case .row: return Container(accepts: ["td", "th"], open: "<td>", close: "</td>", holds: .row)
            default: return nil
            }
        }

        /// What the children of an element the writer unwraps (unknown, or not valid where it
        /// stands) hold: a list's own stray content still goes into items, but inside a `figure`
        /// or `fieldset` they are flow content: the sibling checks of `figcaption` and `legend`
        /// see only the unwrapped element's children, so `<fieldset>text<b><legend>` would put a
        /// legend after text, `<figure><figcaption/><x-card><figcaption/>` two captions.
        var unwrapped: Parent { self == .figure || self == .fieldset ? .flow : self }
    }

    /// An element whose children are of a few kinds only (a list's items, a table's rows, a row's
    /// cells): the children written as they are, the wrapper other content is put in, and what
    /// the children hold.
    struct Container {
        let accepts: Set<String>
        let open: String
        let close: String
        let holds: Parent
    }

    /// Elements whose content model is phrasing content (HTML LS §3.2.5.2.5): a flow element
    /// inside one of them is invalid, and inside `p` or a heading an HTML5 parser closes them.
    static let phrasing: Set<String> = [
        "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "h1", "h2", "h3", "h4", "h5", "h6",
        "i", "kbd", "legend", "mark", "p", "pre", "q", "rp", "rt", "ruby", "s", "samp", "small", "span", "strong",
        "sub", "sup", "time", "u", "var"
    ]

    /// What a `phrasing` element that holds flow content is written as: a block of the same
    /// meaning where HTML has one (the text and links stay, the element's style with it); the
    /// others (`b`, `em`, `code`, …) are unwrapped.
    static let blockEquivalent: [String: String] = [
        "span": "div", "p": "div", "pre": "div", "bdi": "div", "h1": "div", "h2": "div", "h3": "div",
        "h4": "div", "h5": "div", "h6": "div"
    ]

    /// Elements that are flow content but not phrasing content, as the writer writes them: what
    /// a `phrasing` element cannot hold. List items, terms, captions and legends count (outside their
    /// parent they are written as `div`).
    static let flowOnly: Set<String> = [
        "address", "article", "aside", "blockquote", "caption", "col", "colgroup", "dd", "details", "div", "dl",
        "dt", "fieldset", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
        "legend", "li", "menu", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th",
        "thead", "tr", "ul"
    ]

    /// Elements whose content model is their parent's (HTML LS §3.2.5.3, transparent content).
    static let transparent: Set<String> = ["a", "audio", "del", "ins", "picture", "video"]

    /// Elements that exist only inside a parent of their own, written as `div` elsewhere.
    static let needsParent: [String: Parent] = ["li": .list, "dt": .definitionList, "dd": .definitionList]

    /// Whether the sibling list `first` and below hold an element that the writer writes as a
    /// `flowOnly` element. Dropped elements do not count; unknown ones are looked through. Stops
    /// at the first found and at the writer's nesting limit (`HTMLFragmentParser.maximumDepth`),
    /// so a call costs at most the subtree once.
    static func holdsFlow(_ first: HTMLFragmentNode?, depth: Int) -> Bool {
        guard depth < HTMLFragmentParser.maximumDepth else { return false }
        var cursor = first
        while let node = cursor {
            cursor = node.next
            guard node.kind == .element else { continue }
            guard let entry = node.element else {
                if holdsFlow(node.firstChild, depth: depth + 1) { return true }
                continue
            }
            if entry.rule?.action == .drop || entry.kind == .iframe { continue }
            if entry.rule != nil, flowOnly.contains(entry.written) { return true }
            if holdsFlow(node.firstChild, depth: depth + 1) { return true }
        }
        return false
    }

    /// Whether the children of a `dl` are what HTML requires: one or more groups of one or more
    /// `dt` then one or more `dd` (white space, comments and dropped elements aside). Anything
    /// else (text, other elements, a `dt` last) makes the writer unwrap the list.
    static func isDefinitionList(_ first: HTMLFragmentNode?) -> Bool {
        var last: String?
        var cursor = first
        while let node = cursor {
            cursor = node.next
            switch node.kind {
            case .other:
                continue
            case .text:
                if !node.withContent({ $0.allSatisfy(Self.isWhiteSpace) }) { return false }
            case .element:
                guard let entry = node.element, entry.rule?.action != .drop else {
                    if node.element == nil { return false }
                    continue
                }
                switch entry.written {
                case "dt": last = "dt"
                case "dd" where last != nil: last = "dd"
                default: return false
                }
            }
        }
        return last == "dd"
    }

    /// Whether `node` is the first or the last element among its siblings (white space,
    /// comments and dropped elements aside), and the last only when the first is no
    /// `figcaption`: where a `figcaption` may stand in a `figure`, which holds one (HTML LS §4.4.12).
    static func isFirstOrLastChild(_ node: HTMLFragmentNode, siblings first: HTMLFragmentNode?) -> Bool {
        let written = writtenSiblings(first)
        return written.first == node || written.last == node && written.first?.element?.written != "figcaption"
    }

    /// Whether `node` is the first element among its siblings (white space, comments and dropped
    /// elements aside): where a `legend` may stand in a `fieldset`.
    static func isFirstChild(_ node: HTMLFragmentNode, siblings first: HTMLFragmentNode?) -> Bool {
        writtenSiblings(first).first == node
    }

    /// The sibling list `first` without white space, comments and dropped elements.
    private static func writtenSiblings(_ first: HTMLFragmentNode?) -> [HTMLFragmentNode] {
        var written: [HTMLFragmentNode] = []
        var cursor = first
        while let sibling = cursor {
            cursor = sibling.next
            switch sibling.kind {
            case .other:
                continue
            case .text:
                if !sibling.withContent({ $0.allSatisfy(Self.isWhiteSpace) }) { written.append(sibling) }
            case .element:
                if sibling.element?.rule?.action != .drop { written.append(sibling) }
            }
        }
        return written
    }

    /// HTML's ASCII white space (HTML LS §2.3.1 "ASCII whitespace").
    static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
