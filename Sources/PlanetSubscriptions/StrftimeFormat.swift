import Foundation

/// strftime formats (C99 §7.23.3.5, POSIX `strftime`, GNU's `-` flag), as Planet Venus and
/// Planet 2.x take `date_format` and `new_date_format`, translated into ICU date patterns
/// (Unicode UTS #35), which the page is formatted with.
///
/// The names of `%a %A %b %B %p` then come from the planet's `locale` as they came from the C
/// library's `LC_TIME`. `%e` and `%k` pad with a space in C; ICU has no space padding, so they are
/// unpadded (`d`, `H`). Conversions whose output the C library chooses (`%c`, `%x`, `%X`) and week
/// and era numbers (`%U`, `%W`, `%V`, `%G`, `%C`, `%u`, `%w`, `%s`, `%E…`, `%O…`) have no fixed
/// pattern and are refused: write an ICU pattern, or a style (`full`, …) for the locale's own.
enum StrftimeFormat {
    /// The ICU pattern of each conversion, without and with the `-` flag (no padding).
    static let conversions: [Character: (padded: String, unpadded: String)] = [
        "a": ("EEE", "EEE"), "A": ("EEEE", "EEEE"), "b": ("MMM", "MMM"), "h": ("MMM", "MMM"),
        "B": ("MMMM", "MMMM"), "d": ("dd", "d"), "e": ("d", "d"), "m": ("MM", "M"), "y": ("yy", "yy"),
        "Y": ("y", "y"), "j": ("DDD", "D"), "H": ("HH", "H"), "k": ("H", "H"), "I": ("hh", "h"),
        "l": ("h", "h"), "M": ("mm", "m"), "S": ("ss", "s"), "p": ("a", "a"), "P": ("a", "a"),
        "Z": ("zzz", "zzz"), "z": ("xx", "xx"), "F": ("y-MM-dd", "y-MM-dd"), "D": ("MM/dd/yy", "MM/dd/yy"),
        "T": ("HH:mm:ss", "HH:mm:ss"), "R": ("HH:mm", "HH:mm")
    ]

    /// A conversion without an ICU pattern, in words.
    struct Problem: Error, Equatable {
        var detail: String
    }

    /// The ICU pattern of a strftime format: `%A, %d. %B %Y` → `EEEE, dd. MMMM y`; literal text
    /// with ASCII letters or quotes is quoted (`%H Uhr` → `HH 'Uhr'`).
    static func pattern(_ format: String) -> Result<String, Problem> {
        var pattern = ""
        var literal = ""
        func flush() {
            guard !literal.isEmpty else { return }
            if literal.contains(where: { ($0.isASCII && $0.isLetter) || $0 == "'" }) {
                pattern += "'" + literal.replacingOccurrences(of: "'", with: "''") + "'"
            } else {
                pattern += literal
            }
            literal = ""
        }
        var rest = Substring(format)
        while let character = rest.popFirst() {
            guard character == "%" else {
                literal.append(character)
                continue
            }
            let unpadded = rest.first == "-"
            if unpadded { rest.removeFirst() }
            guard let conversion = rest.popFirst() else {
                return .failure(Problem(detail: "the format ends with '%'; write '%%' for a percent sign"))
            }
            switch conversion {
            case "%": literal.append("%")
            case "n", "t": literal.append(" ")
            default:
                guard let translated = conversions[conversion] else {
                    return .failure(
                        Problem(detail: "'%\(conversion)' has no fixed ICU pattern; write an ICU pattern instead"))
                }
                flush()
                pattern += unpadded ? translated.unpadded : translated.padded
            }
        }
        flush()
        return .success(pattern)
    }
}
