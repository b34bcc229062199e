/// The tokens of a CSS declaration list as CSS Syntax Level 3 §4 ("Tokenization") reads them,
/// reduced to what an inline style needs: identifiers, functions, hashes, numbers (plain,
/// percentage, dimension), the punctuation of declarations and `.other` for everything else.
///
/// Comments (`/* … */`) are consumed and produce nothing, as in CSS. A backslash (a CSS escape,
/// `\75rl(` for `url(`) refuses the whole input: an escape could spell any identifier, and no
/// value of the inline subset needs one (`InlineStyle`). Strings, `url(`, `{`, `[`, `!`, `@`, `<`
/// and any other code point become `.other`, which no validator accepts.
enum CSSToken: Equatable, Sendable {
    /// An identifier, as written (`red`, `-webkit-x`).
    case ident(String)
    /// A function's name and its `(` (`rgb(`), the name as written.
    case function(String)
    /// `#` and the name after it, without the `#`.
    case hash(String)
    /// A number without unit, as written (`0`, `1.5`, `-2`).
    case number(String)
    /// A number followed by `%`, the number as written.
    case percentage(String)
    /// A number followed by a unit (`12px`): the number and the unit, as written.
    case dimension(String, unit: String)
    case whitespace, colon, semicolon, comma, slash, closeParenthesis
    /// An opening `(`, `[` or `{` (a block), or a closing `]` or `}`.
    case openBlock, closeBlock
    /// Anything else: strings, `!`, `@`, `<`, other delimiters, bad tokens.
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
        return text.withUTF8 { bytes in tokens(bytes) }
    }

    private static func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [CSSToken]? {
        if bytes.contains(UInt8(ascii: "\\")) { return nil }
        let count = bytes.count
        var tokens: [CSSToken] = []
        var index = 0
        func at(_ offset: Int) -> UInt8? {
            index + offset < count ? bytes[index + offset] : nil
        }
        func text(_ start: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
                index += 2
                while index < count, !(bytes[index] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/")) { index += 1 }
                index = min(index + 2, count)
                continue
            }
            if isWhitespace(byte) {
                while index < count, isWhitespace(bytes[index]) { index += 1 }
                tokens.append(.whitespace)
                continue
            }
            if startsNumber(bytes, index) {
                let start = index
                consumeNumber(bytes, &index)
                let number = text(start)
                if index < count, bytes[index] == UInt8(ascii: "%") {
                    index += 1
                    tokens.append(.percentage(number))
                } else if index < count, isNameStart(bytes[index]) {
                    let unitStart = index
                    while index < count, isNameCharacter(bytes[index]) { index += 1 }
                    tokens.append(.dimension(number, unit: text(unitStart)))
                } else {
                    tokens.append(.number(number))
                }
                continue
            }
            if isNameStart(byte)
                || (byte == UInt8(ascii: "-") && at(1).map { isNameStart($0) || $0 == UInt8(ascii: "-") } == true)
            {
                let start = index
                while index < count, isNameCharacter(bytes[index]) { index += 1 }
                let name = text(start)
                if index < count, bytes[index] == UInt8(ascii: "(") {
                    index += 1
                    tokens.append(.function(name))
                } else {
                    tokens.append(.ident(name))
                }
                continue
            }
            if byte == UInt8(ascii: "#"), let next = at(1), isNameCharacter(next) {
                index += 1
                let start = index
                while index < count, isNameCharacter(bytes[index]) { index += 1 }
                tokens.append(.hash(text(start)))
                continue
            }
            index += 1
            switch byte {
            case UInt8(ascii: ":"): tokens.append(.colon)
            case UInt8(ascii: ";"): tokens.append(.semicolon)
            case UInt8(ascii: ","): tokens.append(.comma)
            case UInt8(ascii: "/"): tokens.append(.slash)
            case UInt8(ascii: ")"): tokens.append(.closeParenthesis)
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): tokens.append(.openBlock)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): tokens.append(.closeBlock)
            default: tokens.append(.other)
            }
        }
        return tokens
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
