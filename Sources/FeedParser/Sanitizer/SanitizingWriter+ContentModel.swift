extension SanitizingWriter {
    /// The name to write an allowed element as, so that what is written fits HTML's content
    /// models (`ContentModel`); nil to unwrap it (its children written in its place):
    /// - a phrasing element (`span`, `p`, `b`, a heading) outside phrasing content that holds
    ///   flow content becomes its block equivalent (`div`) or is unwrapped;
    /// - `li` outside a list, `dt`/`dd` outside a valid `dl`, `figcaption` that is not the first
    ///   or last child of a `figure` and `legend` that is not the first child of a `fieldset` become
    ///   `div` (a `legend` holding flow content is unwrapped, as a phrasing element);
    /// - a `dl` whose children are not groups of terms and descriptions is unwrapped (its terms
    ///   and descriptions then are `div`s).
    func fittingName(
        _ name: String, node: HTMLFragmentNode, depth: Int, within: ContentModel.Parent, siblings: HTMLFragmentNode?
    ) -> String? {
        if let parent = ContentModel.needsParent[name] { return parent == within ? name : "div" }
        switch name {
        case "figcaption":
            return within == .figure && ContentModel.isFirstOrLastChild(node, siblings: siblings) ? name : "div"
        case "legend" where within != .fieldset || !ContentModel.isFirstChild(node, siblings: siblings):
            return "div"
        case "dl":
            return ContentModel.isDefinitionList(node.firstChild) ? name : nil
        default:
            break
        }
        guard !inPhrasing, ContentModel.phrasing.contains(name),
            ContentModel.holdsFlow(node.firstChild, depth: depth + 1)
        else { return name }
        return ContentModel.blockEquivalent[name]
    }

    /// What an element written as `name` holds, for its children (`ContentModel.Parent`).
    static func parent(of name: String) -> ContentModel.Parent {
        switch name {
        case "ul", "ol", "menu": return .list
        case "dl": return .definitionList
        case "figure": return .figure
        case "fieldset": return .fieldset
        default: return .flow
        }
    }

    /// Writes the children of a list (`ul`, `ol`): `li` children as they are; any other content
    /// that is not white space (text, a nested list, a `br`) inside an `li` the writer opens for
    /// it and closes before the next `li` or at the end (HTML LS §4.4.5: a list holds `li`s only).
    /// An unknown element's children are written as the list's own.
    mutating func writeListChildren(_ first: HTMLFragmentNode?, depth: Int) {
        var openItem: Int?  // output offset just after the `<li>` the writer opened
        var cursor = first
        while let node = cursor {
            cursor = node.next
            switch node.kind {
            case .other:
                continue
            case .text:
                if openItem == nil, node.withContent({ $0.allSatisfy(ContentModel.isWhiteSpace) }) {
                    writeNode(node, transparent: false, depth: depth, within: .flow, siblings: first)
                    continue
                }
            case .element:
                guard let entry = node.element, entry.rule?.action != .drop else {
                    if node.element == nil {  // unknown: unwrapped, its children the list's own
                        closeItem(&openItem)
                        writeNode(node, transparent: false, depth: depth, within: .list, siblings: first)
                    }
                    continue
                }
                if entry.written == "li" || entry.rule == nil && entry.kind != .iframe && entry.kind != .object {
                    closeItem(&openItem)
                    writeNode(node, transparent: false, depth: depth, within: .list, siblings: first)
                    continue
                }
            }
            if openItem == nil {
                output.append(contentsOf: "<li>".utf8)
                openItem = output.count
            }
            writeNode(node, transparent: false, depth: depth, within: .flow, siblings: first)
        }
        closeItem(&openItem)
    }

    /// Closes the `li` the writer opened at `item` (see `writeListChildren`), or takes it back
    /// when nothing was written into it.
    private mutating func closeItem(_ item: inout Int?) {
        guard let start = item else { return }
        item = nil
        if output.count == start {
            output.removeLast(4)
        } else {
            output.append(contentsOf: "</li>".utf8)
        }
    }
}
