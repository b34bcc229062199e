/// Applies the mustache spec's standalone-line rules to a token list and marks line starts.
///
/// A line holding one non-interpolation tag and otherwise only whitespace is removed from the
/// output, tag excepted (mustache spec: "Standalone" tests of every file); a standalone partial or
/// parent keeps the whitespace before it as indentation. `~inheritance` adds pairs that stand alone
/// together when written with nothing between them: `{{<parent}}{{/parent}}`,
/// `{{$block}}{{/block}}` (whose line ending is kept), `{{<parent}}{{$block}}` and
/// `{{/block}}{{/parent}}`. Every other non-empty line gets a `.lineStart` marker first.
struct StandaloneLines {
    let source: SourceMap

    func apply(_ tokens: [Token]) -> [Token] {
        let closed = closedKinds(tokens)
        var output: [Token] = []
        output.reserveCapacity(tokens.count * 2)
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count, !endsLine(tokens[lineEnd]) { lineEnd += 1 }
            lineEnd = min(lineEnd + 1, tokens.count)
            appendLine(tokens[lineStart..<lineEnd], closed: closed, to: &output)
            lineStart = lineEnd
        }
        return output
    }

    private func endsLine(_ token: Token) -> Bool {
        token.kind == .text && source.bytes[token.end - 1] == UInt8(ascii: "\n")
    }

    /// For each closing tag, the kind of tag it closes (as far as nesting goes; mismatches are
    /// reported later by the tree builder).
    private func closedKinds(_ tokens: [Token]) -> [Int: Token.Kind] {
        var open: [Token.Kind] = []
        var closed: [Int: Token.Kind] = [:]
        for (index, token) in tokens.enumerated() {
            if token.opensSection { open.append(token.kind) }
            if token.kind == .close, let kind = open.popLast() { closed[index] = kind }
        }
        return closed
    }

    private func appendLine(_ line: ArraySlice<Token>, closed: [Int: Token.Kind], to output: inout [Token]) {
        let tags = line.indices.filter { line[$0].isTag }
        let blank = line.allSatisfy { !$0.isTag ? source.isBlank($0.start, $0.end) : $0.canStandAlone }
        let first = line[line.startIndex]
        let last = line[line.index(before: line.endIndex)]
        let indentation =
            first.kind == .text && first.end <= (tags.first.map { line[$0].start } ?? 0)
            ? source.text(first.start, first.end) : ""
        var marked = tags.map { line[$0] }
        for index in marked.indices {
            marked[index].lineStart = first.start
            marked[index].lineEnd = last.end
        }
        if blank, marked.count == 1 {
            marked[0].standalone = true
            marked[0].contentStartsLine = true
            marked[0].indentation = indentation
            output.append(contentsOf: marked)
            return
        }
        if blank, marked.count == 2, marked[0].end == marked[1].start,
            let keepsLineEnding = pair(marked[0], closed[tags[0]], marked[1], closed[tags[1]])
        {
            marked[0].standalone = true
            marked[0].indentation = indentation
            marked[0].contentStartsLine = !keepsLineEnding
            marked[1].standalone = !keepsLineEnding
            marked[1].contentStartsLine = true
            output.append(contentsOf: marked)
            let ending = source.lineEndingLength(last.start, last.end)
            if keepsLineEnding, ending > 0, last.kind == .text {
                output.append(Token(kind: .text, start: last.end - ending, end: last.end))
            }
            return
        }
        let emptyLine =
            line.count == 1 && first.kind == .text
            && source.lineEndingLength(first.start, first.end) == first.end - first.start
        if !emptyLine { output.append(Token(kind: .lineStart, start: first.start, end: first.start)) }
        output.append(contentsOf: line)
    }

    /// Whether two adjacent tags form a standalone pair (`~inheritance`): `nil` if not, else
    /// whether the line ending is kept (only for `{{$block}}{{/block}}`).
    private func pair(_ first: Token, _ firstCloses: Token.Kind?, _ second: Token, _ secondCloses: Token.Kind?) -> Bool?
    {
        switch (first.kind, second.kind) {
        case (.parent, .close) where secondCloses == .parent: false
        case (.block, .close) where secondCloses == .block: true
        case (.parent, .block): false
        case (.close, .close) where firstCloses == .block && secondCloses == .parent: false
        default: nil
        }
    }
}
