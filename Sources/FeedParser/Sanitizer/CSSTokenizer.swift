/// The tokens of a CSS declaration list as CSS Syntax Level 3 §4 ("Tokenization") reads them,
/// reduced to what an inline style needs: identifiers, functions, hashes, strings, numbers (plain,
/// percentage, dimension), the punctuation of declarations and `.other` for everything else.
///
/// Comments (`/* … */`) are consumed and produce nothing, as in CSS. A backslash (a CSS escape,
/// `\75rl(` for `url(`) refuses the whole input: an escape could spell any identifier, and no
/// value of the inline subset needs one (`InlineStyle`). A string is a `.string` only when it
/// ends on its own line (§4.3.5: a newline makes it a bad string, the end of the input an
/// unterminated one; both `.other` here). `url(`, `{`, `[`, `!`, `@`, `<` and any other code
/// point become `.other`, which no validator accepts.
enum CSSToken: Equatable, Sendable {
    /// An identifier, as written (`red`, `-webkit-x`).
    case ident(String)
    /// A function's name and its `(` (`rgb(`), the name as written.
    case function(String)
    /// `#` and the name after it, without the `#`.
    case hash(String)
    /// A quoted string's text, without its quotes.
    case string(String)
    /// A number without unit, as written (`0`, `1.5`, `-2`).
    case number(String)
    /// A number followed by `%`, the number as written.
    case percentage(String)
    /// A number followed by a unit (`12px`): the number and the unit, as written.
    case dimension(String, unit: String)
    case whitespace, colon, semicolon, comma, slash, closeParenthesis
    /// An opening `(`, `[` or `{` (a block), or a closing `]` or `}`.
    case openBlock, closeBlock
    /// Anything else: bad or unterminated strings, `!`, `@`, `<`, other delimiters, bad tokens.
    case other
}

enum CSSTokenizer {
    /// The tokens of `text`, nil when it holds a backslash (a CSS escape).
    ///
    /// Read on UTF-8 bytes: every code point the tokenizer treats apart is ASCII, and each byte of
    /// a non-ASCII code point is 0x80 or above, which is read as an ident code point, as the code
    /// point itself is (CSS Syntax §4.2); a token's text is whole code points.
    static func tokens(_ text: String) -> [CSSToken]? {
        var text = text
        return text.withUTF8 { bytes in
            if bytes.contains(UInt8(ascii: "\\")) { return nil }
            var scanner = Scanner(bytes: bytes)
            while scanner.index < bytes.count { scanner.scanToken() }
            return scanner.tokens
        }
    }

    /// The tokenizer's state: the input, where it is, the tokens so far; one method per kind
    /// of token (CSS Syntax §4.3.1, "consume a token").
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var tokens: [CSSToken] = []

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        private func at(_ offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        private func text(from start: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        private mutating func skip(while accepts: (UInt8) -> Bool) {
            while index < bytes.count, accepts(bytes[index]) { index += 1 }
        }

        /// Consumes one token (or a comment) at `index`.
        mutating func scanToken() {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
                skipComment()
            } else if isWhitespace(byte) {
                skip(while: isWhitespace)
                tokens.append(.whitespace)
            } else if startsNumber(bytes, index) {
                scanNumeric()
            } else if isNameStart(byte)
                || (byte == UInt8(ascii: "-") && at(1).map { isNameStart($0) || $0 == UInt8(ascii: "-") } == true)
            {
                scanIdentLike()
            } else if byte == UInt8(ascii: "#"), let next = at(1), isNameCharacter(next) {
                index += 1
                let start = index
                skip(while: isNameCharacter)
                tokens.append(.hash(text(from: start)))
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                scanString(quote: byte)
            } else {
                index += 1
                tokens.append(delimiter(byte))
            }
        }

        /// Past `/* … */`, or to the end of the input.
        private mutating func skipComment() {
            index += 2
            while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/")) { index += 1 }
            index = min(index + 2, bytes.count)
        }

        /// A number, then `%` (a percentage), a name (a dimension) or nothing (a number).
        private mutating func scanNumeric() {
            let start = index
            consumeNumber(bytes, &index)
            let number = text(from: start)
            if index < bytes.count, bytes[index] == UInt8(ascii: "%") {
                index += 1
                tokens.append(.percentage(number))
            } else if index < bytes.count, isNameStart(bytes[index]) {
                let unitStart = index
                skip(while: isNameCharacter)
                tokens.append(.dimension(number, unit: text(from: unitStart)))
            } else {
                tokens.append(.number(number))
            }
        }

        /// A name, then `(` (a function) or not (an identifier).
        private mutating func scanIdentLike() {
            let start = index
            skip(while: isNameCharacter)
            let name = text(from: start)
            if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
                index += 1
                tokens.append(.function(name))
            } else {
                tokens.append(.ident(name))
            }
        }

        /// A string to its closing `quote` (§4.3.5); at a newline a bad string (the newline is
        /// left for the next token), at the end of the input an unterminated one: both `.other`.
        private mutating func scanString(quote: UInt8) {
            index += 1
            let start = index
            skip { $0 != quote && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }
            guard index < bytes.count, bytes[index] == quote else {
                tokens.append(.other)
                return
            }
            let content = text(from: start)
            index += 1
            tokens.append(.string(content))
        }

        private func delimiter(_ byte: UInt8) -> CSSToken {
            switch byte {
            case UInt8(ascii: ":"): return .colon
            case UInt8(ascii: ";"): return .semicolon
            case UInt8(ascii: ","): return .comma
            case UInt8(ascii: "/"): return .slash
            case UInt8(ascii: ")"): return .closeParenthesis
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return .openBlock
            case UInt8(ascii: "]"), UInt8(ascii: "}"): return .closeBlock
            default: return .other
            }
        }
    }

    /// CSS Syntax §4.3.10, "starts with a number", without exponents: a digit, or `.`, `+` or
    /// `-` before one (`+.5`).
    private static func startsNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        func digit(_ offset: Int) -> Bool { index + offset < bytes.count && isDigit(bytes[index + offset]) }
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "."): return digit(1)
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            return digit(1) || (index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ".") && digit(2))
        default: return false
        }
    }

    /// Past a number: an optional sign, digits, at most one `.` and digits after it.
    private static func consumeNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var sawDot = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), !sawDot, index + 1 < bytes.count, isDigit(bytes[index + 1]) {
                sawDot = true
            } else if !isDigit(byte) {
                break
            }
            index += 1
        }
    }

    /// CSS white space: space, tab, line feed, carriage return, form feed.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// CSS Syntax §4.2 "ident-start code point": a letter, `_`, or a non-ASCII code point (any
    /// of its bytes).
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// CSS Syntax §4.2 "ident code point".
    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
    }
}
