/// Partials, parents and blocks (mustache spec: partials, `~inheritance`, `~dynamic-names`).
extension Renderer {
    mutating func render(_ partial: PartialNode) {
        guard let template = lookUp(partial.name, at: partial.position) else { return }
        include(
            template, indentation: partial.standalone ? indentation + partial.indentation : "", at: partial.position)
    }

    mutating func render(_ parent: ParentNode) {
        guard let template = lookUp(parent.name, at: parent.position) else { return }
        let saved = arguments
        arguments.merge(parent.arguments) { outer, _ in outer }
        include(template, indentation: parent.standalone ? indentation + parent.indentation : "", at: parent.position)
        arguments = saved
    }

    /// A block renders the argument given for it by a parent, else its own content. At a
    /// standalone block the content is indented like the block's own lines; elsewhere not at all.
    mutating func render(_ block: BlockNode) {
        let content = arguments[block.name] ?? block.content
        guard !content.nodes.isEmpty, enter(at: nil) else { return }
        let saved = indentation
        if block.standalone {
            indentation += block.indentation
            if !content.startsLine { output.append(indentation) }
        } else {
            indentation = ""
        }
        render(content.nodes)
        indentation = saved
        depth -= 1
    }

    private mutating func include(_ template: Template, indentation newIndentation: String, at position: Position) {
        guard enter(at: position) else { return }
        let saved = (indentation, templateName)
        indentation = newIndentation
        templateName = template.name
        render(template.nodes)
        (indentation, templateName) = saved
        depth -= 1
    }

    /// Counts one more level of nesting; false (and an error) past the limit.
    private mutating func enter(at position: Position?) -> Bool {
        guard depth < Self.depthLimit else {
            record(.recursionTooDeep(limit: Self.depthLimit), at: position ?? Position(line: 0, column: 0))
            return false
        }
        depth += 1
        return true
    }

    private mutating func lookUp(_ name: PartialName, at position: Position) -> Template? {
        let resolved: String
        switch name {
        case .fixed(let fixed):
            resolved = fixed
        case .dynamic(let dotted):
            guard let value = context.resolve(dotted), case .string(let text) = value else { return nil }
            resolved = text
        }
        if let template = partials[resolved] { return template }
        if strictPartials { record(.unknownPartial(resolved), at: position) }
        return nil
    }

    /// The render took its budget's steps; everything after renders as nothing.
    mutating func recordRenderTooLarge() {
        record(.renderTooLarge(limit: budget.limit, values: budget.values ?? 0), at: Position(line: 0, column: 0))
    }

    private mutating func record(_ reason: TemplateError.Reason, at position: Position) {
        guard error == nil else { return }
        error = TemplateError(template: templateName, line: position.line, column: position.column, reason: reason)
    }
}
