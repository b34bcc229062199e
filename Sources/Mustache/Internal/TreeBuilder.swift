/// Builds the node tree from standalone-processed tokens, matching sections with their closing
/// tags (mustache spec: "each Section tag MUST be followed by an End Section tag with the same
/// content").
struct TreeBuilder {
    let source: SourceMap
    let scanner: Scanner

    /// A partial or parent named in the template, for strict libraries to check at load time.
    struct Reference: Sendable {
        var name: String
        var position: Position
    }

    private struct Frame {
        var token: Token
        var nodes: [Node] = []
    }

    func build(_ tokens: [Token]) throws(TemplateError) -> (nodes: [Node], references: [Reference]) {
        var stack = [Frame(token: Token(kind: .text, start: 0, end: 0))]
        var references: [Reference] = []
        for token in tokens {
            switch token.kind {
            case .text:
                stack[stack.count - 1].nodes.appendText(source.text(token.start, token.end))
            case .lineStart:
                stack[stack.count - 1].nodes.append(.lineStart)
            case .variable(let escaped):
                stack[stack.count - 1].nodes.append(.variable(Name(token.name), escaped: escaped))
            case .comment, .setDelimiters:
                break
            case .partial:
                let position = source.position(of: token.start)
                let name = partialName(token.name)
                if case .fixed(let fixed) = name { references.append(Reference(name: fixed, position: position)) }
                stack[stack.count - 1].nodes.append(
                    .partial(
                        PartialNode(
                            name: name, standalone: token.standalone, indentation: token.indentation, position: position
                        )))
            case .section, .inverted, .parent, .block:
                stack.append(Frame(token: token))
            case .close:
                guard stack.count > 1, let frame = stack.popLast() else {
                    throw scanner.error(at: token.start, .unexpectedClosingTag(token.name))
                }
                guard frame.token.name == token.name else {
                    throw scanner.error(
                        at: token.start, .mismatchedClosingTag(found: token.name, expected: frame.token.name))
                }
                let node = node(for: frame, closedBy: token)
                if case .parent(let parent) = node, case .fixed(let name) = parent.name {
                    references.append(Reference(name: name, position: parent.position))
                }
                stack[stack.count - 1].nodes.append(node)
            }
        }
        if stack.count > 1, let unclosed = stack.last {
            throw scanner.error(at: unclosed.token.start, .unclosedSection(unclosed.token.name))
        }
        return (stack[0].nodes, references)
    }

    private func node(for frame: Frame, closedBy close: Token) -> Node {
        let open = frame.token
        switch open.kind {
        case .parent:
            var arguments: [String: BlockContent] = [:]
            for case .block(let block) in frame.nodes where arguments[block.name] == nil {
                arguments[block.name] = block.content
            }
            return .parent(
                ParentNode(
                    name: partialName(open.name), standalone: open.standalone, indentation: open.indentation,
                    arguments: arguments, position: source.position(of: open.start)))
        case .block:
            let start = open.contentStartsLine ? open.lineEnd : open.end
            let end = close.standalone ? close.lineStart : close.start
            let common = open.contentStartsLine && start < end ? source.commonIndentation(start, end) : ""
            let nodes = common.isEmpty ? frame.nodes : Dedent(amount: common).apply(frame.nodes)
            return .block(
                BlockNode(
                    name: open.name, content: BlockContent(nodes: nodes, startsLine: open.contentStartsLine),
                    standalone: open.standalone, indentation: common.isEmpty ? open.indentation : common))
        default:
            return .section(
                SectionNode(
                    name: Name(open.name), inverted: open.kind == .inverted, nodes: frame.nodes,
                    raw: source.text(open.end, close.start), delimiters: open.delimiters))
        }
    }

    private func partialName(_ name: String) -> PartialName {
        name.hasPrefix("*") ? .dynamic(Name(String(name.dropFirst()))) : .fixed(name)
    }
}

extension Array where Element == Node {
    /// Appends text, joining it to a text node just before.
    mutating func appendText(_ text: String) {
        guard !text.isEmpty else { return }
        if case .text(let previous)? = last {
            self[count - 1] = .text(previous + text)
        } else {
            append(.text(text))
        }
    }
}
