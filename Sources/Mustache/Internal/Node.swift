/// One node of a compiled template (the AST built once by `TreeBuilder`).
enum Node: Sendable {
    /// Static text, output as is.
    case text(String)
    /// A source line begins here: output the current indentation (mustache spec: partials,
    /// "prepended to each line of the partial"). Empty lines and removed standalone lines have none.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
    case variable(Name, escaped: Bool)
    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
    case section(SectionNode)
    /// `{{>name}}` or `{{>*name}}`.
    case partial(PartialNode)
    /// `{{<name}}…{{/name}}`: a partial with block arguments (mustache spec: `~inheritance`).
    case parent(ParentNode)
    /// `{{$name}}…{{/name}}`: an overridable block.
    case block(BlockNode)
}

/// A dotted name, split once at compile time; `.` is the empty list of parts.
struct Name: Sendable {
    var parts: [String]
    var text: String

    init(_ text: String) {
        self.text = text
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Where a tag sits in its template, for error messages.
struct Position: Sendable, Equatable {
    var line: Int
    var column: Int
}

struct SectionNode: Sendable {
    var name: Name
    var inverted: Bool
    var nodes: [Node]
    /// The unprocessed source between the tags, for section lambdas.
    var raw: String
    /// The delimiters in force at the opening tag, for parsing a section lambda's result.
    var delimiters: Delimiters
}

/// A partial's name: static, or looked up in the context (mustache spec: `~dynamic-names`).
enum PartialName: Sendable {
    case fixed(String)
    case dynamic(Name)
}

struct PartialNode: Sendable {
    var name: PartialName
    /// Whether the tag stands alone on its line; only then is `indentation` prepended.
    var standalone: Bool
    var indentation: String
    var position: Position
}

/// Content that can fill a block: a block's default, or an argument given inside a parent tag.
struct BlockContent: Sendable {
    var nodes: [Node]
    /// Whether the content begins at the start of a source line (its opening tag was standalone);
    /// content that does not is indented once up front when rendered at a standalone block.
    var startsLine: Bool
}

struct ParentNode: Sendable {
    var name: PartialName
    var standalone: Bool
    var indentation: String
    /// The block arguments given inside the parent tag; other content is ignored.
    var arguments: [String: BlockContent]
    var position: Position
}

struct BlockNode: Sendable {
    var name: String
    var content: BlockContent
    /// Whether this block's place is standalone: its content is then indented by `indentation`,
    /// relative to the innermost enclosing standalone block.
    var standalone: Bool
    var indentation: String
}
