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
        case "table", "thead", "tbody", "tfoot": return .table
        case "tr": return .row
        default: return .flow
        }
    }

    /// Writes the children of a list (`ul`, `ol`, `menu`), a table or a row (`container`, from
    /// ``ContentModel/Parent/container``): the children it accepts (`li`; rows; cells) as they
    /// are; any other content that is not white space (text, a nested list, a `br`, a `div`)
    /// inside a wrapper the writer opens for it (`<li>`, `<tr><td>`, `<td>`) and closes before the
    /// next accepted child or at the end (HTML LS §4.4.5, §4.9). An unknown element's children are
    /// written as the container's own.
    mutating func writeContainerChildren(_ first: HTMLFragmentNode?, depth: Int, container: ContentModel.Container) {
        var opened: Int?  // output offset just after the wrapper the writer opened
        var cursor = first
        while let node = cursor {
            cursor = node.next
            switch node.kind {
            case .other:
                continue
            case .text:
                if opened == nil, node.withContent({ $0.allSatisfy(ContentModel.isWhiteSpace) }) {
                    writeNode(node, transparent: false, depth: depth, within: .flow, siblings: first)
                    continue
                }
            case .element:
                guard let entry = node.element, entry.rule?.action != .drop else {
                    if node.element == nil {  // unknown: unwrapped, its children the container's own
                        close(&opened, container.open, container.close)
                        writeNode(node, transparent: false, depth: depth, within: container.holds, siblings: first)
                    }
                    continue
                }
                if container.accepts.contains(entry.written)
                    || entry.rule == nil && entry.kind != .iframe && entry.kind != .object
                {
                    close(&opened, container.open, container.close)
                    writeNode(node, transparent: false, depth: depth, within: container.holds, siblings: first)
                    continue
                }
            }
            if opened == nil {
                output.append(contentsOf: container.open.utf8)
                opened = output.count
            }
            writeNode(node, transparent: false, depth: depth, within: .flow, siblings: first)
        }
        close(&opened, container.open, container.close)
    }

    /// Closes the wrapper the writer opened at `start` (see `writeContainerChildren`), or takes
    /// it back when nothing was written into it.
    private mutating func close(_ start: inout Int?, _ opening: String, _ closing: String) {
        guard let offset = start else { return }
        start = nil
        if output.count == offset {
            output.removeLast(opening.utf8.count)
        } else {
            output.append(contentsOf: closing.utf8)
        }
    }
}
