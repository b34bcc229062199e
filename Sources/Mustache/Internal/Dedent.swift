/// Removes a standalone block's own indentation from its content (mustache spec: `~inheritance`,
/// "Block indentation is removed at the site of definition and added at the site of expansion").
///
/// Text starting a line loses the prefix; the indentation of standalone partials, parents and
/// blocks inside becomes relative to the block. Blocks whose content starts its own lines were
/// already dedented by their own (deeper) indentation and are not entered.
struct Dedent {
    let amount: String

    func apply(_ nodes: [Node]) -> [Node] {
        var output: [Node] = []
        output.reserveCapacity(nodes.count)
        var atLineStart = false
        for node in nodes {
            defer { if case .lineStart = node { atLineStart = true } else { atLineStart = false } }
            switch node {
            case .text(let text) where atLineStart:
                output.appendText(text.hasPrefix(amount) ? String(text.dropFirst(amount.count)) : text)
            case .section(var section):
                section.nodes = apply(section.nodes)
                output.append(.section(section))
            case .partial(var partial):
                partial.indentation = relative(partial.indentation)
                output.append(.partial(partial))
            case .parent(var parent):
                parent.indentation = relative(parent.indentation)
                parent.arguments = parent.arguments.mapValues(apply)
                output.append(.parent(parent))
            case .block(var block):
                block.indentation = relative(block.indentation)
                block.content = apply(block.content)
                output.append(.block(block))
            default:
                output.append(node)
            }
        }
        return output
    }

    private func apply(_ content: BlockContent) -> BlockContent {
        content.startsLine ? content : BlockContent(nodes: apply(content.nodes), startsLine: false)
    }

    private func relative(_ indentation: String) -> String {
        indentation.hasPrefix(amount) ? String(indentation.dropFirst(amount.count)) : indentation
    }
}
