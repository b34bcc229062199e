import Foundation

/// Walks libxml2's tree of a parsed fragment in place and writes what `SanitizerPolicy` allows:
/// allowed elements with their checked attributes, unknown elements unwrapped (their children
/// kept), dropped elements gone with their content, text escaped. Every element written is closed,
/// so the output is well-formed. Writes UTF-8 bytes; no intermediate tree is built.
struct SanitizingWriter {
    let base: URL?
    /// The UTF-8 bytes written so far.
    var output: [UInt8] = []
    /// Nesting of written `a` elements: a link inside a link is unwrapped (HTML forbids it and
    /// browsers would restructure the tree).
    private var linkDepth = 0
    /// For each table being written, innermost last: what its `border` and `cellpadding` give its
    /// cells (`PresentationalHTML.cellDeclarations`).
    private var tableCellStyles: [[InlineStyle.Declaration]] = []
    /// True while the nearest written element that is not transparent takes phrasing content
    /// only (`ContentModel.phrasing`), and was found to hold no flow content.
    var inPhrasing = false
    /// What the planet's settings change (`EntryHTMLOptions`): none unless the sanitizer sets it.
    var rewrite = EntryHTMLRewrite.none

    init(base: URL?, capacity: Int) {
        self.base = base
        output.reserveCapacity(capacity)
    }

    /// Writes plain text (no markup), escaped.
    mutating func writeText(_ text: String) {
        HTMLEscaping.appendText(text, to: &output)
    }

    /// Writes a sibling list of the fragment's tree. While `transparent` (the document level), the
    /// scaffolding `html` and `body` is unwrapped and `head` skipped, wherever libxml2 put fragment
    /// content. Elements at `HTMLFragmentParser.maximumDepth` and deeper are flattened to their
    /// text, so hostile nesting cannot exhaust the stack. `within` is what the element being
    /// written holds (`ContentModel.Parent`): a list's or a table's stray content goes into items,
    /// rows or cells of its own.
    mutating func write(
        _ first: HTMLFragmentNode?, transparent: Bool = true, depth: Int = 0, within: ContentModel.Parent = .flow
    ) {
        if let container = within.container {
            writeContainerChildren(first, depth: depth, container: container)
            return
        }
        var cursor = first
        while let node = cursor {
            cursor = node.next
            writeNode(node, transparent: transparent, depth: depth, within: within, siblings: first)
        }
    }

    /// Writes one node of a sibling list that starts with `siblings` (see `write`).
    mutating func writeNode(
        _ node: HTMLFragmentNode, transparent: Bool, depth: Int, within: ContentModel.Parent,
        siblings: HTMLFragmentNode?
    ) {
        switch node.kind {
        case .element:
            let entry = node.element
            let kind = entry?.kind
            if transparent, kind == .scaffolding {
                write(node.firstChild, transparent: true, depth: depth, within: within)
            } else if transparent, kind == .head {
                return
            } else if depth >= HTMLFragmentParser.maximumDepth {
                node.forEachDescendantText { HTMLEscaping.appendText($0, to: &output) }
            } else if let entry {
                writeElement(node, entry: entry, depth: depth, within: within, siblings: siblings)
            } else {
                // Unknown: unwrapped.
                write(node.firstChild, transparent: false, depth: depth + 1, within: within.unwrapped)
            }
        case .text:
            node.withContent { HTMLEscaping.appendText($0, to: &output) }
        case .other:
            return  // comments, PIs, CDATA, DTD nodes: dropped
        }
    }

    private mutating func writeElement(
        _ node: HTMLFragmentNode, entry: ElementEntry, depth: Int, within: ContentModel.Parent,
        siblings: HTMLFragmentNode?
    ) {
        if entry.kind == .iframe || entry.kind == .object {
            writeReplacement(node, kind: entry.kind, depth: depth)
            return
        }
        let rule = entry.rule
        if rule?.action == .drop || entry.kind == .lineBreak && endsWithTwoBreaks { return }
        guard let rule, !(entry.kind == .link && linkDepth > 0) else {
            write(node.firstChild, transparent: false, depth: depth + 1, within: within.unwrapped)
            return
        }
        var kept = Self.filter(node, allowed: rule.attributes, base: base)
        if entry.kind == .image { LazyImage.adopt(node, into: &kept, base: base) }
        if let required = rule.required, !kept.contains(where: { required.contains($0.name) }) {
            if entry.kind == .image { writeAlternativeText(kept) }
            // See SanitizerPolicy.droppedVoid; a non-void element is unwrapped (SanitizerPolicy.required).
            write(node.firstChild, transparent: false, depth: depth + 1, within: rule.isVoid ? .flow : within.unwrapped)
            return
        }
        guard let rewritten = rewrite.writtenName(entry, node: node, kept: kept) else {
            if rule.isVoid { write(node.firstChild, transparent: false, depth: depth + 1) }  // see above
            return
        }
        // Where HTML's content models do not allow the element as it stands, its valid equivalent
        // (`ContentModel`); nil: unwrapped.
        guard let name = fittingName(rewritten, node: node, depth: depth, within: within, siblings: siblings) else {
            write(node.firstChild, transparent: false, depth: depth + 1, within: within.unwrapped)
            return
        }
        writeStartTag(name, node: node, entry: entry, rule: rule, kept: kept)
        if rule.isVoid {
            write(node.firstChild, transparent: false, depth: depth + 1)  // see SanitizerPolicy.droppedVoid
            return
        }
        writeContentAndEndTag(name, node: node, entry: entry, depth: depth)
    }

    /// Writes the start tag of `node` as `name`: its `kept` attributes, then the attributes `rule`
    /// forces, then the style its presentational attributes and `style` make.
    private mutating func writeStartTag(
        _ name: String, node: HTMLFragmentNode, entry: ElementEntry, rule: ElementRule,
        kept: [(name: String, value: String?)]
    ) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        for attribute in kept { writeAttribute(attribute) }

        if !rule.forced.isEmpty, !(entry.kind == .link && !kept.contains(where: { $0.name == "href" })) {
            // A link without a target needs no rel.
            for attribute in rule.forced where !kept.contains(where: { $0.name == attribute.name }) {
                writeAttribute(attribute)
            }
        }
        // The style goes last, after the forced attributes, so that sanitizing the output again
        // (where those are the element's own) writes the attributes in the same order.
        let declarations = PresentationalHTML.declarations(
            node, source: entry.source, element: name,
            cell: tableCellStyles.last ?? [])
        if let style = InlineStyle.serialized(declarations) { writeAttribute(("style", style)) }
        output.append(UInt8(ascii: ">"))
    }

    /// Writes the children of a non-void element written as `name`, then its end tag, keeping
    /// the link depth, the table's cell styles and `inPhrasing` for them.
    private mutating func writeContentAndEndTag(
        _ name: String, node: HTMLFragmentNode, entry: ElementEntry, depth: Int
    ) {
        if entry.kind == .link { linkDepth += 1 }
        if entry.kind == .table { tableCellStyles.append(PresentationalHTML.cellDeclarations(ofTable: node)) }
        let outer = inPhrasing
        inPhrasing = ContentModel.transparent.contains(name) ? outer : ContentModel.phrasing.contains(name)
        write(node.firstChild, transparent: false, depth: depth + 1, within: Self.parent(of: name))
        inPhrasing = outer
        if entry.kind == .table { tableCellStyles.removeLast() }
        if entry.kind == .link { linkDepth -= 1 }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
    }

    /// Writes what replaces an element the sanitizer cannot keep but must not lose: an `iframe`
    /// becomes a link to what it embedded (`EmbedReplacement`); an `object` its fallback content,
    /// else such a link to its `data` (Flash: its `movie` param or inner `embed`).
    private mutating func writeReplacement(_ node: HTMLFragmentNode, kind: ElementEntry.Kind, depth: Int) {
        if kind == .iframe {
            writeEmbedLink(source: node.attributeValue("src"), title: node.attributeValue("title"))
            return
        }
        let start = output.count
        write(node.firstChild, transparent: false, depth: depth + 1)
        if output[start...].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            writeEmbedLink(
                source: node.attributeValue("data") ?? Self.embeddedSource(node), title: node.attributeValue("title"))
        }
    }

    /// What an `<object>` without `data` embeds, as Flash-era markup says it: its
    /// `<param name="movie" value>` (or `name="src"`), else the `src` of an `<embed>` inside it.
    private static func embeddedSource(_ object: HTMLFragmentNode) -> String? {
        var embed: String?
        var child = object.firstChild
        while let node = child {
            switch node.name.lowercased() {
            case "param":
                let name = node.attributeValue("name")?.lowercased()
                if name == "movie" || name == "src", let value = node.attributeValue("value") { return value }
            case "embed":
                embed = embed ?? node.attributeValue("src")
            default:
                break
            }
            child = node.next
        }
        return embed
    }

    private mutating func writeEmbedLink(source: String?, title: String?) {
        guard let link = EmbedReplacement.link(source: source, title: title, base: base) else { return }
        if linkDepth > 0 {
            HTMLEscaping.appendText(link.text, to: &output)  // a link inside a link is unwrapped
            return
        }
        output.append(contentsOf: "<a".utf8)
        writeAttribute(("href", link.href))
        for attribute in SanitizerPolicy.forced["a"] ?? [] { writeAttribute(attribute) }
        output.append(UInt8(ascii: ">"))
        HTMLEscaping.appendText(link.text, to: &output)
        output.append(contentsOf: "</a>".utf8)
    }

    /// An image that cannot be shown leaves its text alternative (`alt`), as a browser shows it.
    private mutating func writeAlternativeText(_ kept: [(name: String, value: String?)]) {
        guard let alt = kept.first(where: { $0.name == "alt" })?.value, let text = PlainText.collapse(alt) else {
            return
        }
        HTMLEscaping.appendText(text, to: &output)
    }

    private mutating func writeAttribute(_ attribute: (name: String, value: String?)) {
        output.append(UInt8(ascii: " "))
        output.append(contentsOf: attribute.name.utf8)
        if let value = attribute.value {
            output.append(contentsOf: "=\"".utf8)
            HTMLEscaping.appendAttribute(value, to: &output)
            output.append(UInt8(ascii: "\""))
        }
    }

    /// The element's attributes that are allowed and whose value passes its check, in source
    /// order, first occurrence of each name only. Values of attributes that are not allowed are
    /// never read.
    private static func filter(
        _ node: HTMLFragmentNode, allowed: [HTMLNameKey: (name: String, value: SanitizerPolicy.Value)],
        base: URL?
    ) -> [(name: String, value: String?)] {
        var kept: [(name: String, value: String?)] = []
        var cursor = node.firstAttribute
        while let attribute = cursor {
            cursor = attribute.next
            guard let key = attribute.nameKey, let (name, rule) = allowed[key],
                !kept.contains(where: { $0.name == name }),
                let value = AttributeCheck.check(attribute.value, rule: rule, base: base)
            else { continue }
            kept.append((name, value))
        }
        return kept
    }
}
