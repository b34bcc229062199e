import Foundation
import Testing

@testable import FeedParser

/// `CSSTokenizer` on UTF-8 bytes gives the tokens its scalar-by-scalar form gave (kept here as
/// the reference, with strings as CSS Syntax §4.3.5 reads them), on generated declaration lists
/// with non-ASCII, comments, strings and escapes.
@Suite("CSS tokens on bytes")
struct CSSTokenizerBytesTests {
    @Test func generatedDeclarationsGiveTheSameTokens() {
        var generator = SplitMix64(seed: 2_026)
        let pieces = [
            "color", ":", " ", "red", ";", "-", "--x", "-webkit-", "#", "#ff0", "12", "1.5", "+.5", "-2", ".", "px",
            "%", "em", "rgb(", ")", ",", "/", "/*", "*/", "*", "\\75", "é", "日本", "\u{1F600}", "(", "[", "{", "]",
            "}", "!important", "@", "<", "\"s\"", "'", "\"", "'Segoe UI'", "\t", "\n", "\u{0C}", "_a", "a1-b", "url(",
            "0"
        ]
        for _ in 0..<5_000 {
            let text = (0..<Int(generator.next() % 14)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))]
            }.joined()
            #expect(CSSTokenizer.tokens(text) == ReferenceCSSTokenizer.tokens(text), "\(text)")
        }
    }
}

/// The scalar-by-scalar tokenizer `CSSTokenizer` replaced.
enum ReferenceCSSTokenizer {
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
            if scalar == "\"" || scalar == "'" {
                index += 1
                let content = consume(scalars, &index) { $0 != scalar && $0 != "\n" && $0 != "\r" && $0 != "\u{0C}" }
                if index < scalars.count, scalars[index] == scalar {
                    index += 1
                    tokens.append(.string(content))
                } else {
                    tokens.append(.other)
                }
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

    private static func consume(
        _ scalars: [Unicode.Scalar], _ index: inout Int,
        while accepts: (Unicode.Scalar) -> Bool
    ) -> String {
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
