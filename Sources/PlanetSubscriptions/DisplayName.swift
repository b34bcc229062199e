import PlanetBase

/// How a feed line's display name is read and written (README.md, "feeds.txt").
///
/// The rule: after the location, the rest of the line is the display name up to a comment. A `#`
/// at the start of the name or after a blank (space or tab) starts the comment
/// (`https://a.org/f  Jane  # her blog`); a `#` inside a word does not (`C# Weekly`,
/// `https://a.org/f#top`). To put such a `#` into a name, write `\#`; `\\` stands for one
/// backslash where it would otherwise read as an escape. Every other backslash is itself.
/// `planet add` and `planet import` write names this way, so a name such as "hash # tag" reads
/// back exactly as it was given. DEL and C1 controls follow `TextControls` (removed, C1 as its
/// windows-1252 character), as in a feed's own title; the file keeps them as written.
enum DisplayName {
    /// The display name in `rest` (what follows the location, from its first blank), nil when
    /// empty; the comment, escapes resolved, controls cleaned (`TextControls`), white space
    /// trimmed.
    static func read(_ rest: Substring) -> String? {
        if FeedLineReader.isASCII(rest) {
            // Without `#` or `\` there is no comment and no escape: the name is the text, trimmed.
            if !rest.utf8.contains(where: { $0 == 0x23 || $0 == 0x5C }) {
                return finished(String(rest))
            }
            return readASCII(Array(rest.utf8))
        }
        return readCharacters(rest)
    }

    /// A name as the model holds it: `TextControls.cleaned`, trimmed, nil when empty. The one end
    /// of every way a name is read from feeds.txt (after the location, or a `name = ` setting).
    static func finished(_ name: String) -> String? {
        let trimmed = TextControls.cleaned(name).trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `read`, character by character (any text).
    static func readCharacters(_ rest: Substring) -> String? {
        var name = ""
        var previous: Character = " "
        var index = rest.startIndex
        while index < rest.endIndex {
            let character = rest[index]
            let next = rest.index(after: index)
            if character == "\\", next < rest.endIndex, rest[next] == "#" || rest[next] == "\\" {
                name.append(rest[next])
                previous = rest[next]
                index = rest.index(after: next)
                continue
            }
            if character == "#", previous == " " || previous == "\t" { break }
            name.append(character)
            previous = character
            index = next
        }
        return finished(name)
    }

    /// `read` for ASCII text, byte by byte (each character is one byte): the same rule.
    static func readASCII(_ rest: [UInt8]) -> String? {
        var name: [UInt8] = []
        name.reserveCapacity(rest.count)
        var previous: UInt8 = 0x20
        var index = 0
        while index < rest.count {
            let byte = rest[index]
            if byte == 0x5C, index + 1 < rest.count, rest[index + 1] == 0x23 || rest[index + 1] == 0x5C {  // "\#", "\\"
                name.append(rest[index + 1])
                previous = rest[index + 1]
                index += 2
                continue
            }
            if byte == 0x23, previous == 0x20 || previous == 0x09 { break }  // "#" after a blank
            name.append(byte)
            previous = byte
            index += 1
        }
        return finished(String(decoding: name, as: UTF8.self))
    }

    /// `name` as a feed line holds it: on one line (line breaks become spaces), and escaped so
    /// that `read` gives it back: `\#` for a `#` at its start or after a blank, `\\` for a
    /// backslash before `#` or `\`.
    static func written(_ name: String) -> String {
        let flat = name.split(whereSeparator: \.isNewline).joined(separator: " ")
        let characters = Array(flat)
        var out = ""
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "\\", next == "#" || next == "\\" {
                out += "\\\\"
            } else if character == "#", index == 0 || characters[index - 1] == " " || characters[index - 1] == "\t" {
                out += "\\#"
            } else {
                out.append(character)
            }
        }
        return out
    }
}
