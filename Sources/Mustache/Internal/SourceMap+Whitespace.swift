extension SourceMap {
    /// Whether `start..<end` holds only spaces and tabs, then at most one line ending.
    func isBlank(_ start: Int, _ end: Int) -> Bool {
        var offset = start
        while offset < end {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                offset += 1
            case UInt8(ascii: "\r") where offset + 2 == end && bytes[offset + 1] == UInt8(ascii: "\n"):
                return true
            case UInt8(ascii: "\n") where offset + 1 == end:
                return true
            default:
                return false
            }
        }
        return true
    }

    /// The length of the line ending (`\n` or `\r\n`) at the end of `start..<end`, or 0.
    func lineEndingLength(_ start: Int, _ end: Int) -> Int {
        guard end > start, bytes[end - 1] == UInt8(ascii: "\n") else { return 0 }
        return end - 1 > start && bytes[end - 2] == UInt8(ascii: "\r") ? 2 : 1
    }

    /// The whitespace common to the start of every non-blank line in `start..<end`
    /// (the indentation a standalone block's content is written at).
    func commonIndentation(_ start: Int, _ end: Int) -> String {
        var common: ArraySlice<UInt8>?
        var lineStart = start
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if !isBlank(lineStart, min(lineEnd + 1, end)) {
                var indentEnd = lineStart
                while indentEnd < lineEnd,
                    bytes[indentEnd] == UInt8(ascii: " ") || bytes[indentEnd] == UInt8(ascii: "\t")
                {
                    indentEnd += 1
                }
                let indent = bytes[lineStart..<indentEnd]
                if let previous = common {
                    let shared = zip(previous, indent).prefix { $0 == $1 }.count
                    common = previous.prefix(shared)
                } else {
                    common = indent
                }
            }
            lineStart = lineEnd + 1
        }
        return String(decoding: common ?? [], as: UTF8.self)
    }
}
