/// Cuts a template source into text and tag tokens, following Set Delimiter tags
/// (mustache spec: delimiters; "{{{name}}}" is read with the current delimiters as `{` … `}`).
struct Scanner {
    let source: SourceMap
    let templateName: String

    private var bytes: [UInt8] { source.bytes }

    func tokens(delimiters initial: Delimiters) throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var delimiters = initial
        var open = Array(delimiters.open.utf8)
        var close = Array(delimiters.close.utf8)
        var position = 0
        while position < bytes.count {
            guard let tagStart = find(open, from: position) else {
                appendText(position, bytes.count, to: &tokens)
                break
            }
            appendText(position, tagStart, to: &tokens)
            var token = try readTag(at: tagStart, open: open, close: close)
            token.delimiters = delimiters
            if token.kind == .setDelimiters {
                delimiters = try parseDelimiters(token)
                open = Array(delimiters.open.utf8)
                close = Array(delimiters.close.utf8)
            }
            tokens.append(token)
            position = token.end
        }
        return tokens
    }

    /// Appends text tokens for `start..<end`, cut after each newline.
    private func appendText(_ start: Int, _ end: Int, to tokens: inout [Token]) {
        var pieceStart = start
        var offset = start
        while offset < end {
            if bytes[offset] == UInt8(ascii: "\n") {
                tokens.append(Token(kind: .text, start: pieceStart, end: offset + 1))
                pieceStart = offset + 1
            }
            offset += 1
        }
        if pieceStart < end { tokens.append(Token(kind: .text, start: pieceStart, end: end)) }
    }

    private func readTag(at tagStart: Int, open: [UInt8], close: [UInt8]) throws(TemplateError) -> Token {
        let contentStart = tagStart + open.count
        if contentStart < bytes.count, bytes[contentStart] == UInt8(ascii: "{") {
            let closer = [UInt8(ascii: "}")] + close
            guard let closeStart = find(closer, from: contentStart + 1) else {
                throw error(at: tagStart, .unclosedTag(expected: String(decoding: closer, as: UTF8.self)))
            }
            let name = try validName(contentStart + 1, closeStart, tagStart: tagStart)
            return Token(kind: .variable(escaped: false), start: tagStart, end: closeStart + closer.count, name: name)
        }
        guard let closeStart = find(close, from: contentStart) else {
            throw error(at: tagStart, .unclosedTag(expected: String(decoding: close, as: UTF8.self)))
        }
        let end = closeStart + close.count
        let kind = contentStart < closeStart ? Self.sigils[bytes[contentStart]] : nil
        switch kind {
        case nil:
            let name = try validName(contentStart, closeStart, tagStart: tagStart)
            return Token(kind: .variable(escaped: true), start: tagStart, end: end, name: name)
        case .comment?:
            return Token(kind: .comment, start: tagStart, end: end)
        case .setDelimiters?:
            return Token(kind: .setDelimiters, start: tagStart, end: end, name: source.text(contentStart, closeStart))
        case let kind?:
            let dynamic = kind == .partial || kind == .parent
            let name = try validName(contentStart + 1, closeStart, tagStart: tagStart, dynamic: dynamic)
            return Token(kind: kind, start: tagStart, end: end, name: name)
        }
    }

    private static let sigils: [UInt8: Token.Kind] = [
        UInt8(ascii: "#"): .section, UInt8(ascii: "^"): .inverted, UInt8(ascii: "/"): .close,
        UInt8(ascii: "!"): .comment, UInt8(ascii: ">"): .partial, UInt8(ascii: "<"): .parent,
        UInt8(ascii: "$"): .block, UInt8(ascii: "&"): .variable(escaped: false),
        UInt8(ascii: "="): .setDelimiters
    ]

    /// The tag content between `start` and `end`, trimmed; it must be non-empty, without whitespace.
    /// A dynamic name may have whitespace after its `*` (mustache spec: `~dynamic-names`, padding).
    private func validName(_ start: Int, _ end: Int, tagStart: Int, dynamic: Bool = false) throws(TemplateError)
        -> String
    {
        var name = source.text(start, end).trimmingWhitespace()
        if dynamic, name.hasPrefix("*") { name = "*" + String(name.dropFirst()).trimmingWhitespace() }
        if name.isEmpty || name == "*" { throw error(at: tagStart, .emptyTag) }
        if name.contains(where: \.isWhitespace) { throw error(at: tagStart, .invalidName(name)) }
        return name
    }

    /// The delimiters of a Set Delimiter tag, whose content is `=open close=`.
    private func parseDelimiters(_ token: Token) throws(TemplateError) -> Delimiters {
        let content = token.name.trimmingWhitespace()
        let invalid = error(at: token.start, .invalidDelimiters(content))
        guard content.count >= 2, content.hasSuffix("=") else { throw invalid }
        let parts = content.dropFirst().dropLast().split(whereSeparator: \.isWhitespace)
        guard parts.count == 2 else { throw invalid }
        let delimiters = Delimiters(String(parts[0]), String(parts[1]))
        guard delimiters.isValid else { throw invalid }
        return delimiters
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var offset = start
        let last = bytes.count - needle.count
        while offset <= last {
            if bytes[offset] == first {
                var index = 1
                while index < needle.count, bytes[offset + index] == needle[index] { index += 1 }
                if index == needle.count { return offset }
            }
            offset += 1
        }
        return nil
    }

    func error(at offset: Int, _ reason: TemplateError.Reason) -> TemplateError {
        let position = source.position(of: offset)
        var error = TemplateError(template: templateName, line: position.line, column: position.column, reason: reason)
        error.sourceLine = source.lineText(position.line)
        return error
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
