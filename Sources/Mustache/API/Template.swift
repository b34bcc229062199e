/// A compiled Mustache template: parsed once into a tree, rendered many times.
///
/// Implements the mustache spec (comments, delimiters, interpolation, inverted, partials,
/// sections, `~inheritance`, `~dynamic-names`, and `~lambdas` through `MustacheLambda`),
/// including its standalone-line and partial-indentation rules.
///
/// ```swift
/// let page = try Template("<h1>{{title}}</h1>{{#entries}}{{>entry}}{{/entries}}", name: "index.html.mustache")
/// let html = page.render(["title": "Planet", "entries": []], partials: ["entry": entryTemplate])
/// ```
public struct Template: Sendable {
    /// The name used in error messages.
    public let name: String
    let nodes: [Node]
    /// Partials and parents named in the source, for strict libraries.
    let references: [TreeBuilder.Reference]
    /// A guess at the output size, to reserve once.
    private let sizeHint: Int

    /// Every name this template's own tags look up in the context: variables, sections and
    /// inverted sections (at any depth), dynamic partial names; a dotted name whole
    /// (`planet.title`). Names its partials look up are theirs, not this template's. Lets a
    /// caller know whether a template uses a value without rendering it.
    public var referencedNames: Set<String> {
        var names: Set<String> = []
        Node.collectNames(nodes, into: &names)
        return names
    }

    /// Compiles `source`.
    /// - Parameters:
    ///   - source: The template text.
    ///   - name: The name used in error messages, usually the file name (`index.html.mustache`).
    ///   - delimiters: The delimiters the template starts with (`{{ }}` by default).
    /// - Throws: `TemplateError` at the offending tag's line and column: `.unclosedSection`,
    ///   `.mismatchedClosingTag`, `.unexpectedClosingTag`, `.unclosedTag`, `.emptyTag`,
    ///   `.invalidName`, `.invalidDelimiters` (also for invalid `delimiters`, at 1:1).
    public init(_ source: String, name: String = "template", delimiters: Delimiters = .default) throws(TemplateError) {
        guard delimiters.isValid else {
            throw TemplateError(template: name, line: 1, column: 1, reason: .invalidDelimiters(delimiters.description))
        }
        let map = SourceMap(Array(source.utf8))
        let scanner = Scanner(source: map, templateName: name)
        let tokens = StandaloneLines(source: map).apply(try scanner.tokens(delimiters: delimiters))
        let tree = try TreeBuilder(source: map, scanner: scanner).build(tokens)
        self.name = name
        nodes = tree.nodes
        references = tree.references
        sizeHint = max(1024, map.bytes.count * 2)
    }

    /// Renders the template against `context`.
    ///
    /// A partial or parent that `partials` lacks renders as nothing (mustache spec: partials,
    /// "Failed Lookup"); use a strict `TemplateLibrary` to make that an error.
    /// - Parameters:
    ///   - context: The root of the context stack.
    ///   - partials: Templates for `{{>name}}` and `{{<name}}`, by name.
    ///   - escaping: How `{{name}}` escapes, in this template and its partials.
    /// - Returns: The rendered text.
    public func render(_ context: MustacheValue, partials: [String: Template] = [:], escaping: Escaping = .html)
        -> String
    {
        render(context, partials: partials, escaping: escaping, strictPartials: false).output
    }

    /// Renders, also reporting the first problem a strict library turns into an error.
    func render(_ context: MustacheValue, partials: [String: Template], escaping: Escaping, strictPartials: Bool)
        -> (output: String, error: TemplateError?)
    {
        var renderer = Renderer(
            context: context, partials: partials, escaping: escaping, strictPartials: strictPartials, templateName: name
        )
        renderer.output.reserveCapacity(sizeHint)
        renderer.render(nodes)
        return (renderer.output, renderer.error)
    }
}
