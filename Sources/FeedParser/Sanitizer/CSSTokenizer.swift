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
    static func tokens(_ text: String) -> [CSSToken]? {
        let scalars = Array(text.unicodeScalars)
        if scalars.contains("\\") { return nil }
        var tokens: [CSSToken] = []
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", at(1) == "*" {
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && at(1) == "/") { index += 1 }
                index = min(index + 2, scalars.count)
                continue
            }
            if isWhitespace(scalar) {
                while index < scalars.count, isWhitespace(scalars[index]) { index += 1 }
                tokens.append(.whitespace)
                continue
            }
            if startsNumber(scalars, index) {
                let number = consumeNumber(scalars, &index)
                if index < scalars.count, scalars[index] == "%" {
                    index += 1
                    tokens.append(.percentage(number))
                } else if index < scalars.count, isNameStart(scalars[index]) {
                    let unit = consume(scalars, &index, while: isNameCharacter)
                    tokens.append(.dimension(number, unit: unit))
                } else {
                    tokens.append(.number(number))
                }
                continue
            }
            if isNameStart(scalar) || (scalar == "-" && at(1).map { isNameStart($0) || $0 == "-" } == true) {
                let name = consume(scalars, &index, while: isNameCharacter)
                if index < scalars.count, scalars[index] == "(" {
                    index += 1
                    tokens.append(.function(name))
                } else {
                    tokens.append(.ident(name))
                }
                continue
            }
            if scalar == "#", let next = at(1), isNameCharacter(next) {
                index += 1
                tokens.append(.hash(consume(scalars, &index, while: isNameCharacter)))
                continue
            }
            index += 1
            switch scalar {
            case ":": tokens.append(.colon)
            case ";": tokens.append(.semicolon)
            case ",": tokens.append(.comma)
            case "/": tokens.append(.slash)
            case ")": tokens.append(.closeParenthesis)
            case "(", "[", "{": tokens.append(.openBlock)
            case "]", "}": tokens.append(.closeBlock)
            default: tokens.append(.other)
            }
        }
        return tokens
    }

    /// CSS Syntax §4.3.10, "starts with a number", without exponents: a digit, or `.`, `+` or
    /// `-` before one (`+.5`).
    private static func startsNumber(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
        func digit(_ offset: Int) -> Bool { index + offset < scalars.count && isDigit(scalars[index + offset]) }
        switch scalars[index] {
        case "0"..."9": return true
        case ".": return digit(1)
        case "+", "-": return digit(1) || (index + 1 < scalars.count && scalars[index + 1] == "." && digit(2))
        default: return false
        }
    }

    /// A number's text: an optional sign, digits, at most one `.` and digits after it.
    private static func consumeNumber(_ scalars: [Unicode.Scalar], _ index: inout Int) -> String {
        var text = String.UnicodeScalarView()
        if scalars[index] == "+" || scalars[index] == "-" {
            text.append(scalars[index])
            index += 1
        }
        var sawDot = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == ".", !sawDot, index + 1 < scalars.count, isDigit(scalars[index + 1]) {
                sawDot = true
            } else if !isDigit(scalar) {
                break
            }
            text.append(scalar)
            index += 1
        }
        return String(text)
    }

    private static func consume(_ scalars: [Unicode.Scalar], _ index: inout Int,
                                while accepts: (Unicode.Scalar) -> Bool) -> String {
        var text = String.UnicodeScalarView()
        while index < scalars.count, accepts(scalars[index]) {
            text.append(scalars[index])
            index += 1
        }
        return String(text)
    }

    /// CSS white space: space, tab, line feed, carriage return, form feed.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// CSS Syntax §4.2 "ident-start code point": a letter, `_`, or a non-ASCII code point.
    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value >= 0x80
    }

    /// CSS Syntax §4.2 "ident code point".
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || isDigit(scalar) || scalar == "-"
    }
}
