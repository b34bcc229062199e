import Foundation

/// `[section]` blocks of an INI file with their keys (lower-cased, in order) and 1-based line numbers.
struct INISections {
    var name: String
    var line: Int
    var pairs: [(key: String, value: String)] = []

    /// The value of `key`, nil when absent.
    subscript(key: String) -> String? { pairs.first { $0.key == key }?.value }

    static func parse(_ text: String) -> [INISections] {
        var sections: [INISections] = []
        var lastKey: String?
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") { continue }
            if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
                sections.append(INISections(name: String(trimmed.dropFirst().dropLast()), line: index + 1))
                lastKey = nil
                continue
            }
            guard !sections.isEmpty else { continue }
            let last = sections.count - 1
            if raw.first == " " || raw.first == "\t", let key = lastKey,
                let at = sections[last].pairs.lastIndex(where: { $0.key == key })
            {
                sections[last].pairs[at].value += " " + trimmed
                continue
            }
            guard let separator = trimmed.firstIndex(where: { $0 == "=" || $0 == ":" }) else { continue }
            let key = trimmed[..<separator].trimmingCharacters(in: .whitespaces).lowercased()
            let value = trimmed[trimmed.index(after: separator)...].trimmingCharacters(in: .whitespaces)
            sections[last].pairs.removeAll { $0.key == key }
            sections[last].pairs.append((key, value))
            lastKey = key
        }
        return sections
    }
}
