/// One lexical piece of a template, as the scanner finds it (byte offsets into the UTF-8 source).
struct Token {
    enum Kind: Equatable {
        /// Text; the scanner cuts text after each newline, so a text token holds at most one,
        /// at its end.
        case text
        case variable(escaped: Bool)
        case section
        case inverted
        case close
        case comment
        case partial
        case parent
        case block
        case setDelimiters
        /// A line start marker, added by the standalone pass.
        case lineStart
    }

    var kind: Kind
    /// Offset of the first byte (the opening delimiter, for tags).
    var start: Int
    /// Offset just past the last byte.
    var end: Int
    /// The trimmed tag content without its sigil; empty for text.
    var name: String = ""
    /// The delimiters in force when the tag was read.
    var delimiters: Delimiters = .default
    /// Set by the standalone pass: the tag stands alone (or with its pair) on its line.
    var standalone = false
    /// Set by the standalone pass: the whitespace before a standalone tag.
    var indentation = ""
    /// Set by the standalone pass, for blocks: the content begins on the next line.
    var contentStartsLine = false
    /// Offsets of the start of the tag's line and just past its end (after the newline).
    var lineStart = 0
    var lineEnd = 0

    var isTag: Bool { kind != .text && kind != .lineStart }

    /// Tags that may stand alone on a line (all but interpolation; mustache spec: "standalone").
    var canStandAlone: Bool {
        switch kind {
        case .section, .inverted, .close, .comment, .partial, .parent, .block, .setDelimiters: true
        case .text, .variable, .lineStart: false
        }
    }

    var opensSection: Bool { kind == .section || kind == .inverted || kind == .parent || kind == .block }
}
