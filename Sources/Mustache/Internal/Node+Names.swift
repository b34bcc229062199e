extension Node {
    /// Adds to `names` the name of every tag in `nodes` that looks one up in the context, at any
    /// depth: variables, sections and inverted sections, dynamic partial names, inside sections,
    /// blocks and a parent's block arguments. Dotted names are added whole (`a.b`).
    static func collectNames(_ nodes: [Node], into names: inout Set<String>) {
        for node in nodes {
            switch node {
            case .text, .lineStart:
                break
            case .variable(let name, _):
                names.insert(name.text)
            case .section(let section):
                names.insert(section.name.text)
                collectNames(section.nodes, into: &names)
            case .partial(let partial):
                if case .dynamic(let name) = partial.name { names.insert(name.text) }
            case .parent(let parent):
                if case .dynamic(let name) = parent.name { names.insert(name.text) }
                for argument in parent.arguments.values { collectNames(argument.nodes, into: &names) }
            case .block(let block):
                collectNames(block.content.nodes, into: &names)
            }
        }
    }
}
