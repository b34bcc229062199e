/// Renders compiled nodes into one output string.
///
/// It carries what the spec's rules need while walking the tree: the context stack, the current
/// indentation (standalone partials and blocks), and the block arguments of the parents being
/// rendered (`~inheritance`). Problems that the spec renders as nothing (an unknown partial) are
/// recorded in `error` for strict libraries, never thrown mid-render.
struct Renderer {
    /// How deep partials, parents and blocks may nest before rendering stops.
    static let depthLimit = 100

    var output = ""
    var context: ContextStack
    var indentation = ""
    /// Block arguments in force; outer (earlier) arguments win over inner ones.
    var arguments: [String: BlockContent] = [:]
    let partials: [String: Template]
    let escaping: Escaping
    let strictPartials: Bool
    var templateName: String
    var depth = 0
    /// How many steps this render may take (one per node visited, one per context frame a variable
    /// or section searches), from the size of its data.
    var budget = WorkBudget()
    /// Steps taken so far (see `budget`).
    var work = 0
    /// The first problem met, for strict libraries.
    var error: TemplateError?

    init(
        context: MustacheValue, partials: [String: Template], escaping: Escaping, strictPartials: Bool,
        templateName: String
    ) {
        self.context = ContextStack(frames: [context])
        self.partials = partials
        self.escaping = escaping
        self.strictPartials = strictPartials
        self.templateName = templateName
    }

    mutating func render(_ nodes: [Node]) {
        for node in nodes {
            switch node {
            case .variable, .section: work += context.frames.count
            default: work += 1
            }
            guard budget.allows(work, root: context.frames[0]) else {
                recordRenderTooLarge()
                return
            }
            switch node {
            case .text(let text):
                output.append(text)
            case .lineStart:
                if !indentation.isEmpty { output.append(indentation) }
            case .variable(let name, let escaped):
                interpolate(name, escaped: escaped)
            case .section(let section):
                render(section)
            case .partial(let partial):
                render(partial)
            case .parent(let parent):
                render(parent)
            case .block(let block):
                render(block)
            }
        }
    }

    private mutating func interpolate(_ name: Name, escaped: Bool) {
        guard let value = context.resolve(name) else { return }
        let text: String
        if case .lambda(let lambda) = value {
            let source =
                switch lambda {
                case .interpolation(let function): function()
                case .section(let function): function("")
                }
            text = renderedLambda(source, delimiters: .default)
        } else {
            text = value.interpolated
        }
        output.append(text, escaping: escaped ? escaping : .none)
    }

    private mutating func render(_ section: SectionNode) {
        let value = context.resolve(section.name) ?? .null
        if section.inverted {
            if !value.isTruthy { render(section.nodes) }
            return
        }
        switch value {
        case _ where !value.isTruthy:
            return
        case .array(let items):
            for item in items {
                context.frames.append(item)
                render(section.nodes)
                context.frames.removeLast()
            }
        case .lambda(let lambda):
            let source =
                switch lambda {
                case .interpolation(let function): function()
                case .section(let function): function(section.raw)
                }
            output.append(renderedLambda(source, delimiters: section.delimiters))
        default:
            context.frames.append(value)
            render(section.nodes)
            context.frames.removeLast()
        }
    }

    /// A lambda's result compiled with `delimiters` and rendered against the current context
    /// (mustache spec: `~lambdas`); literal text when it is not a valid template.
    private mutating func renderedLambda(_ source: String, delimiters: Delimiters) -> String {
        guard let template = try? Template(source, name: "lambda", delimiters: delimiters) else { return source }
        let (savedOutput, savedIndentation) = (output, indentation)
        output = ""
        indentation = ""
        render(template.nodes)
        let result = output
        (output, indentation) = (savedOutput, savedIndentation)
        return result
    }
}
