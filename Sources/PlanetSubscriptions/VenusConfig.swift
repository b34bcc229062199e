import Foundation
import PlanetBase

/// A Planet Venus (or Planet 2.x) `config.ini` translated into feeds.txt terms.
///
/// The INI dialect is Python's ConfigParser: `[section]`, `key = value` or `key: value`, `#` and
/// `;` comment lines, indented continuation lines, keys case-insensitive; `[DEFAULT]` values
/// apply to every section. Mapping (everything else is listed in `ignored`, once, with its
/// section, so that nothing is dropped silently):
/// - `[Planet]` (and `[DEFAULT]`): `name` → `title`, `link`, `owner_name`/`owner_email` →
///   `owner`, `items_per_page`, `days_per_page`, `new_feed_items`, `activity_threshold`,
///   `facewidth`/`faceheight` → `face_width`/`face_height`, `filters` → `include`/`exclude`;
///   `ignore_in_feed = updated` → `ignore_updated = yes` on every feed; `future_dates =
///   ignore_date` is what planet does anyway; `locale` (Planet 2.x: POSIX names, `:` separated)
///   → `locale` as BCP 47 (`de_DE.UTF-8` → `de-DE`); the strftime formats `new_date_format` (each
///   day's heading) → `date_format` and `date_format` (each entry's date) → `time_format`, as
///   written (feeds.txt reads strftime formats: `DisplayDateFormat`).
/// - A section named by an http(s) URL is a feed: `name` → display name, `face` (copied from
///   beside the config or its `images/` folder by the caller), `facewidth`/`faceheight` →
///   `face_width`/`face_height`, `filters`, `ignore_in_feed`, and every other key as a per-feed
///   setting (templates see it as `channel_KEY`, as in Venus). `content_type = opml` makes the
///   section a reading list (`list URL`).
/// - Filters: `regexp_sifter.py?require=RE` / `?exclude=RE` → `include`/`exclude = text:/RE/`;
///   `xpath_sifter.py?require=//atom:category[@term='python']` → `category:python`.
public struct VenusConfig: Sendable, Equatable {
    /// planet settings (`key`, `value`) in the order found; `include`/`exclude` may repeat.
    public var settings: [(key: String, value: String)]
    /// Feeds in file order (sections whose name is an http(s) URL) with their settings.
    public var subscriptions: [Subscription]
    /// Reading lists: sections with `content_type = opml`.
    public var readingLists: [URL] = []
    /// Face files the config names (`face` values that are not URLs), in order, once each.
    public var faces: [String] = []
    /// What could not be carried over: `output_theme (Planet)`, `filters = mememe.plugin (index.html.xslt)`.
    public var ignored: [String] = []
    /// How a setting whose meaning differs between Venus and Planet 2.x was read, once each:
    /// `new_feed_items = 2 (Planet Venus: per-feed cap on the page) → items_per_feed = 2`.
    public var notes: [String] = []
    /// The theme it names (`template_files`, `output_theme`, `bill_of_materials`,
    /// `template_directories`), as written: `planet import` converts it.
    public var theme = VenusTheme()

    /// Keys only Planet Venus reads (Venus docs/config.html); a config with none of them is read
    /// as Planet 2.x's (whose INSTALL lists `template_files`, `new_feed_items`, …).
    static let venusOnlyKeys: Set<String> = [
        "output_theme", "filters", "spider_threads", "filter_directories", "template_directories",
        "bill_of_materials", "http_cache_directory", "pubsubhubbub_hub", "pubsubhubbub_feeds", "log_format"
    ]

    /// True when `sections` use a key only Venus knows, in any section.
    static func isVenus(_ sections: [INISections]) -> Bool {
        sections.contains { section in section.pairs.contains { venusOnlyKeys.contains($0.key) } }
    }

    /// Equal when every field is (settings compared by key, value and order).
    public static func == (lhs: VenusConfig, rhs: VenusConfig) -> Bool {
        lhs.subscriptions == rhs.subscriptions && lhs.readingLists == rhs.readingLists
            && lhs.faces == rhs.faces && lhs.ignored == rhs.ignored && lhs.notes == rhs.notes
            && lhs.theme == rhs.theme
            && lhs.settings.map { "\($0.key)=\($0.value)" } == rhs.settings.map { "\($0.key)=\($0.value)" }
    }

    /// Venus's planet-wide options that planet has no equivalent for (listed as ignored, with a
    /// hint where planet does it another way).
    static let hints: [String: String] = [
        "feed_timeout": "use 'planet build --timeout SECONDS'",
        "spider_threads": "use 'planet build --jobs N'",
        "output_dir": "use 'planet build --output DIR'",
        "cache_directory": "planet keeps its cache in .planet/ beside feeds.txt"
    ]

    /// Planet-wide keys read from `[Planet]` and `[DEFAULT]`, never passed to feeds.
    static let planetKeys: Set<String> = [
        "name", "link", "owner_name", "owner_email", "items_per_page", "days_per_page", "new_feed_items",
        "activity_threshold", "facewidth", "faceheight", "filters", "ignore_in_feed", "future_dates",
        "cache_directory", "output_dir", "output_theme", "template_files", "template_directories",
        "bill_of_materials", "log_level", "log_format", "feed_timeout", "spider_threads", "date_format",
        "new_date_format", "locale", "encoding", "generator", "generator_uri", "http_cache_directory",
        "filter_directories", "pubsubhubbub_hub", "pubsubhubbub_feeds", "user_agent", "xml_base"
    ]

    /// Reads the text of a config.ini.
    public static func parse(_ text: String) -> VenusConfig {
        let sections = INISections.parse(text)
        let defaults = sections.first { $0.name.uppercased() == "DEFAULT" }
        let planetSection = sections.first { $0.name.lowercased() == "planet" }
        var config = VenusConfig(settings: [], subscriptions: [])
        config.theme.isVenus = isVenus(sections)
        var ignoredSeen = Set<String>()
        func ignore(_ text: String) { if ignoredSeen.insert(text).inserted { config.ignored.append(text) } }

        // Planet-wide: [DEFAULT] first, [Planet] overrides.
        var planet: [(key: String, value: String, section: String)] = []
        for (key, value) in defaults?.pairs ?? [] where planetKeys.contains(key) {
            planet.append((key, value, "DEFAULT"))
        }
        for (key, value) in planetSection?.pairs ?? [] {
            planet.removeAll { $0.key == key }
            planet.append((key, value, "Planet"))
        }
        var values: [String: String] = [:]
        for item in planet { values[item.key] = item.value }
        var ignoreUpdatedEverywhere = false
        if let name = values["name"], !name.isEmpty { config.settings.append(("title", name)) }
        if let link = values["link"], !link.isEmpty { config.settings.append(("link", link)) }
        let owner = [
            values["owner_name"].flatMap { $0.isEmpty ? nil : $0 },
            values["owner_email"].flatMap { $0.isEmpty ? nil : "<\($0)>" }
        ]
        .compactMap { $0 }.joined(separator: " ")
        if !owner.isEmpty { config.settings.append(("owner", owner)) }
        for item in planet where !item.value.isEmpty {
            let place = "(\(item.section))"
            if config.theme.read(item.key, item.value) { continue }
            switch item.key {
            case "name", "link", "owner_name", "owner_email":
                continue
            case "new_feed_items" where isVenus(sections):
                // Venus planet/splice.py: "Maximum number of items to include in the output from any
                // one feed" — a per-feed cap on the page, counted after the filters.
                if let number = Int(item.value), number > 0 {
                    config.settings.append(("items_per_feed", String(number)))
                    config.notes.append(
                        "new_feed_items = \(number) \(place): read as Planet Venus's (its config has Venus keys "
                            + "such as output_theme, filters, spider_threads): at most \(number) entries of one feed "
                            + "on the page → items_per_feed = \(number)")
                } else {
                    ignore("\(item.key) = \(item.value) \(place)")
                }
            case "items_per_page", "days_per_page", "new_feed_items", "activity_threshold":
                if let number = Int(item.value), number >= 0 {
                    config.settings.append((item.key, String(number)))
                    if item.key == "new_feed_items" {
                        config.notes.append(
                            "new_feed_items = \(number) \(place): read as Planet 2.x's (no Venus key such as "
                                + "output_theme, filters or spider_threads): only the newest \(number) entries of a "
                                + "new feed are shown")
                    }
                } else {
                    ignore("\(item.key) = \(item.value) \(place)")
                }
            case "facewidth", "faceheight":
                if let number = Int(item.value), number > 0 {
                    config.settings.append((item.key == "facewidth" ? "face_width" : "face_height", String(number)))
                } else {
                    ignore("\(item.key) = \(item.value) \(place)")
                }
            case "filters":
                let (rules, rest) = VenusFilters.translate(item.value)
                config.settings += rules
                for filter in rest { ignore("filters = \(filter) \(place)") }
            case "ignore_in_feed":
                let words = item.value.split(separator: " ").map(String.init)
                if words.contains("updated") { ignoreUpdatedEverywhere = true }
                for word in words where word != "updated" { ignore("ignore_in_feed = \(word) \(place)") }
            case "future_dates":
                if item.value != "ignore_date" {
                    ignore("future_dates = \(item.value) \(place); planet shows future dates at the build time")
                }
            case "locale":
                if let tag = PlanetLocale.bcp47(fromPOSIX: item.value) {
                    config.settings.append(("locale", tag))
                } else {
                    ignore(
                        "locale = \(item.value) \(place): no locale ICU has dates for; "
                            + "set 'locale' to a BCP 47 tag such as 'de-DE'"
                    )
                }
            case "new_date_format", "date_format":
                // Venus's new_date_format heads each day; its date_format dates each entry.
                let (key, use): (String, DisplayDateFormat.Use) =
                    item.key == "new_date_format"
                    ? ("date_format", .day) : ("time_format", .time)
                switch DisplayDateFormat.parse(item.value, for: use) {
                case .success: config.settings.append((key, item.value))
                case .failure(let problem): ignore("\(item.key) = \(item.value) \(place): \(problem.detail)")
                }
            default:
                ignore("\(item.key) \(place)" + (hints[item.key].map { ": \($0)" } ?? ""))
            }
        }

        for section in sections {
            let lower = section.name.lowercased()
            if lower == "planet" || lower == "default" { continue }
            guard URLScheme.hasHTTPScheme(section.name), let url = URL(string: section.name), url.host != nil else {
                for (key, value) in section.pairs {
                    ignore(key == "filters" ? "filters = \(value) (\(section.name))" : "\(key) (\(section.name))")
                }
                if section.pairs.isEmpty { ignore("[\(section.name)]") }
                continue
            }
            var own = section.pairs
            for (key, value) in defaults?.pairs ?? []
            where !planetKeys.contains(key) && !own.contains(where: { $0.key == key }) {
                own.append((key, value))
            }
            if own.contains(where: { $0.key == "content_type" && $0.value.lowercased() == "opml" }) {
                config.readingLists.append(url)
                for (key, _) in own where key != "content_type" && key != "name" { ignore("\(key) (\(section.name))") }
                continue
            }
            var subscription = Subscription(url: url, line: section.line)
            var settings: [FeedSettings.Pair] = []
            var ignoreUpdated = ignoreUpdatedEverywhere
            for (key, value) in own where !value.isEmpty {
                let place = "(\(section.name))"
                switch key {
                case "name":
                    subscription.name = value
                case "face":
                    guard FaceReference(value) != nil else {
                        ignore("face = \(value) \(place)")
                        continue
                    }
                    settings.append(.init(key: "face", value: value))
                    if !value.lowercased().hasPrefix("https://"), !config.faces.contains(value) {
                        config.faces.append(value)
                    }
                case "facewidth", "faceheight":
                    guard let number = Int(value), number > 0 else {
                        ignore("\(key) = \(value) \(place)")
                        continue
                    }
                    settings.append(
                        .init(key: key == "facewidth" ? "face_width" : "face_height", value: String(number)))
                case "filters":
                    let (rules, rest) = VenusFilters.translate(value)
                    settings += rules.map { FeedSettings.Pair(key: $0.key, value: $0.value) }
                    for filter in rest { ignore("filters = \(filter) \(place)") }
                case "ignore_in_feed":
                    let words = value.split(separator: " ").map(String.init)
                    if words.contains("updated") { ignoreUpdated = true }
                    for word in words where word != "updated" { ignore("ignore_in_feed = \(word) \(place)") }
                case "future_dates":
                    if value != "ignore_date" { ignore("future_dates = \(value) \(place)") }
                case "content_type":
                    continue  // rss, atom, …: planet detects the format itself
                default:
                    let keyOK = FeedLineReader.setting(in: "\(key) = \(value)")?.key == key
                    if !keyOK || FeedSettingKind.known[key]?.problem(with: value) != nil {
                        ignore("\(key) = \(value) \(place)")
                    } else {
                        settings.append(
                            .init(key: key, value: value.split(whereSeparator: \.isNewline).joined(separator: " ")))
                    }
                }
            }
            if ignoreUpdated { settings.append(.init(key: "ignore_updated", value: "yes")) }
            subscription.settings = FeedSettings(settings)
            config.subscriptions.append(subscription)
        }
        return config
    }
}

/// Venus filter names that have an include/exclude equivalent.
enum VenusFilters {
    /// Translates a `filters` value (filters separated by blanks).
    /// - Returns: `include`/`exclude` rules, and the filters that have no equivalent.
    static func translate(_ value: String) -> (rules: [(key: String, value: String)], rest: [String]) {
        var rules: [(key: String, value: String)] = []
        var rest: [String] = []
        for filter in value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init) {
            guard let question = filter.firstIndex(of: "?") else {
                rest.append(filter)
                continue
            }
            let name = filter[..<question]
            var translated: [(String, String)] = []
            for part in filter[filter.index(after: question)...].split(separator: "&") {
                let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
                guard pieces.count == 2,
                    let argument = pieces[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding
                else { continue }
                let key = pieces[0] == "require" ? "include" : pieces[0] == "exclude" ? "exclude" : ""
                guard !key.isEmpty else { continue }
                if name.hasPrefix("regexp_sifter"), (try? EntryFilter.parse("text:/\(argument)/")) != nil {
                    translated.append((key, "text:/\(argument)/"))
                } else if name.hasPrefix("xpath_sifter"), let term = categoryTerm(argument) {
                    translated.append((key, "category:\(term)"))
                }
            }
            if translated.isEmpty { rest.append(filter) } else { rules += translated }
        }
        return (rules, rest)
    }

    /// `python` of `//atom:category[@term='python']` (either quote), else nil.
    static func categoryTerm(_ xpath: String) -> String? {
        for quote in ["'", "\""] {
            let prefix = "//atom:category[@term=\(quote)"
            let suffix = "\(quote)]"
            if xpath.hasPrefix(prefix), xpath.hasSuffix(suffix), xpath.count > prefix.count + suffix.count {
                return String(xpath.dropFirst(prefix.count).dropLast(suffix.count))
            }
        }
        return nil
    }
}

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
