import Foundation

/// A Planet Venus (or Planet 2.0) `config.ini`: the `[Planet]` settings that planet has an
/// equivalent for, and one section per feed whose name is the feed URL.
///
/// The INI dialect is Python's ConfigParser: `[section]`, `key = value` or `key: value`, `#` and
/// `;` comment lines, indented continuation lines, keys case-insensitive.
public struct VenusConfig: Sendable, Equatable {
    /// planet settings (`key`, `value`) in the order found, mapped from `[Planet]`:
    /// `name` → `title`, `link`, `owner_name`/`owner_email` → `owner`, `items_per_page`.
    public var settings: [(key: String, value: String)]
    /// Feeds in file order (sections whose name is an http(s) URL), named by their `name` key.
    public var subscriptions: [Subscription]

    /// Equal when subscriptions and settings (key, value and order) are.
    public static func == (lhs: VenusConfig, rhs: VenusConfig) -> Bool {
        lhs.subscriptions == rhs.subscriptions
            && lhs.settings.map { "\($0.key)=\($0.value)" } == rhs.settings.map { "\($0.key)=\($0.value)" }
    }

    /// Reads the text of a config.ini. Sections that are not URLs (`[DEFAULT]`, template or
    /// filter sections) are ignored; so are keys planet has no use for.
    public static func parse(_ text: String) -> VenusConfig {
        let sections = INISections.parse(text)
        var settings: [(key: String, value: String)] = []
        if let planet = sections.first(where: { $0.name.lowercased() == "planet" })?.values
            .filter({ !$0.value.isEmpty }) {
            if let name = planet["name"] { settings.append(("title", name)) }
            if let link = planet["link"] { settings.append(("link", link)) }
            let owner = [planet["owner_name"], planet["owner_email"].map { "<\($0)>" }]
                .compactMap { $0 }.joined(separator: " ")
            if !owner.isEmpty { settings.append(("owner", owner)) }
            if let count = planet["items_per_page"], Int(count) != nil {
                settings.append(("items_per_page", count))
            }
        }
        var subscriptions: [Subscription] = []
        for section in sections {
            let scheme = FeedLocation.scheme(of: section.name)?.lowercased()
            guard scheme == "http" || scheme == "https", let url = URL(string: section.name),
                  url.host != nil else { continue }
            let name = section.values["name"].flatMap { $0.isEmpty ? nil : $0 }
            subscriptions.append(Subscription(url: url, name: name, line: section.line))
        }
        return VenusConfig(settings: settings, subscriptions: subscriptions)
    }
}

/// `[section]` blocks of an INI file with their keys (lower-cased) and 1-based line numbers.
struct INISections {
    var name: String
    var line: Int
    var values: [String: String] = [:]

    static func parse(_ text: String) -> [INISections] {
        var sections: [INISections] = []
        var lastKey: String?
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") { continue }
            if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
                sections.append(INISections(name: String(trimmed.dropFirst().dropLast()), line: index + 1))
                lastKey = nil
                continue
            }
            guard !sections.isEmpty else { continue }
            if raw.first == " " || raw.first == "\t", let key = lastKey {
                sections[sections.count - 1].values[key, default: ""] += " " + trimmed
                continue
            }
            guard let separator = trimmed.firstIndex(where: { $0 == "=" || $0 == ":" }) else { continue }
            let key = trimmed[..<separator].trimmingCharacters(in: .whitespaces).lowercased()
            let value = trimmed[trimmed.index(after: separator)...].trimmingCharacters(in: .whitespaces)
            sections[sections.count - 1].values[key] = value
            lastKey = key
        }
        return sections
    }
}
