import Foundation

/// Sections named after a template or a filter (Planet Venus docs/config.html, "Templates" and
/// "Filters"): `[index.html.tmpl]` sets that template's options (`days_per_page`,
/// `items_per_page`, `activity_threshold`, its own `filters`), `[excerpt.py]` or `[minhead.py]`
/// that filter's. They are never feeds. What planet has an equivalent for is carried with a note;
/// the rest is named:
///
/// - the index page's template (`index.html.tmpl`, `.xslt`, `.genshi`, `.django`):
///   `items_per_page`, `days_per_page`, `activity_threshold` become planet-wide settings (they win
///   over `[Planet]`'s, as they do in Venus for that page; planet's feeds and archive pages follow
///   the index page); another template's are named (planet's feeds hold the index's entries);
/// - `[Planet]`'s `filters = minhead.py` → `min_heading`, the `[minhead.py]` section's `min`
///   (Venus filters/minhead.py, default 3); a template's own `filters` run on its output and are
///   named;
/// - `[excerpt.py]` `width` → `excerpt_length` (characters, both); `omit` and `target` are named
///   (`{{excerpt}}` leaves out every tag and image);
/// - anything else is named with its section.
extension VenusConfigReader {
    /// What a section that is not a feed is named after.
    enum OptionSection: Equatable {
        /// A template file: `index` for the one that writes index.html.
        case template(index: Bool)
        /// A filter, by its file name lower-cased (`excerpt.py`).
        case filter(String)
    }

    /// The template languages Venus runs (planet/shell/: htmltmpl, XSLT, Genshi, Django).
    static let templateEngines: Set<String> = ["tmpl", "xslt", "genshi", "django", "dj"]
    /// The filter kinds Venus runs (planet/shell/: Python, shell plugins, sed, XSLT).
    static let filterKinds: Set<String> = ["py", "plugin", "sed", "xslt", "pl", "rb"]
    /// A template's options planet has planet-wide.
    static let templateOptions: Set<String> = ["items_per_page", "days_per_page", "activity_threshold"]
    /// Venus filters/minhead.py's default `min`.
    static let minheadDefault = 3

    /// What `name` (a section's name, or its last path component) names: a template when it is
    /// `NAME.EXT.ENGINE` (`index.html.tmpl`, `atom.xml.xslt`), a filter when it ends in a filter
    /// kind (`excerpt.py`, `mememe.plugin`); nil otherwise.
    static func optionSection(_ name: String) -> OptionSection? {
        let base = (name.split(separator: "/").last.map(String.init) ?? name).lowercased()
        let parts = base.split(separator: ".").map(String.init)
        guard parts.count >= 2, let last = parts.last, !parts.contains(where: \.isEmpty) else { return nil }
        if parts.count >= 3, templateEngines.contains(last) {
            return .template(index: parts[0] == "index" && parts[1] == "html")
        }
        return filterKinds.contains(last) ? .filter(base) : nil
    }

    /// Reads a template's or a filter's section.
    mutating func readOptionSection(_ section: INISections, _ kind: OptionSection) {
        let place = "(\(section.name))"
        switch kind {
        case .template(let index):
            for (key, value) in section.pairs where !value.isEmpty {
                if key == "filters" {
                    // A template's filters run on its output (Venus planet/splice.py), not on entries.
                    for filter in value.split(whereSeparator: \.isWhitespace) {
                        ignore("filters = \(filter) \(place)" + VenusFilters.hint(String(filter)))
                    }
                } else if index, Self.templateOptions.contains(key) {
                    readIndexOption(key, value, place: place)
                } else if Self.templateOptions.contains(key) {
                    ignore("\(key) = \(value) \(place): planet's feeds hold the index page's entries")
                } else {
                    ignore("\(key) = \(value) \(place)")
                }
            }
        case .filter(let name):
            for (key, value) in section.pairs where !value.isEmpty {
                readFilterOption(name, key, value, place: place)
            }
        }
        if section.pairs.isEmpty { ignore("[\(section.name)]") }
    }

    /// An option of the index page's template, as the planet-wide setting of that name.
    private mutating func readIndexOption(_ key: String, _ value: String, place: String) {
        guard SettingKind.known[key]?.problem(with: value) == nil, let number = Int(value) else {
            return ignore("\(key) = \(value) \(place)")
        }
        let before = config.settings.last { $0.key == key }?.value
        config.settings.removeAll { $0.key == key }
        config.settings.append((key, String(number)))
        config.notes.append(
            "\(key) = \(number) \(place): Venus's option for the index page → \(key) = \(number) planet-wide "
                + "(planet's feeds and archive pages follow the index page)"
                + (before.map { $0 == String(number) ? "" : "; it replaces [Planet]'s \($0)" } ?? ""))
    }

    /// One option of a filter's section.
    private mutating func readFilterOption(_ name: String, _ key: String, _ value: String, place: String) {
        switch (name, key) {
        case ("excerpt.py", "width"):
            guard let number = Int(value), number > 0 else { return ignore("width = \(value) \(place)") }
            config.settings.removeAll { $0.key == "excerpt_length" }
            config.settings.append(("excerpt_length", String(number)))
            config.notes.append(
                "width = \(number) \(place): the excerpt's length in characters → excerpt_length = \(number) "
                    + "(templates show it as {{excerpt}})")
        case ("excerpt.py", "omit"), ("excerpt.py", "target"):
            ignore("\(key) = \(value) \(place): planet's {{excerpt}} is plain text, every tag and image left out")
        case ("minhead.py", "min"):
            // Read with the filter where a page's filters name it (`readPageFilters`).
            if !usesMinhead { ignore("min = \(value) \(place): [Planet]'s filters do not name minhead.py") }
        default:
            ignore("\(key) = \(value) \(place)")
        }
    }

    /// Whether `[Planet]`'s (or `[DEFAULT]`'s) `filters` name minhead.py.
    var usesMinhead: Bool {
        sections.contains { section in
            let lower = section.name.lowercased()
            guard lower == "planet" || lower == "default" else { return false }
            return section.pairs.contains { key, value in
                key == "filters" && value.split(whereSeparator: \.isWhitespace).contains { Self.isMinhead(String($0)) }
            }
        }
    }

    /// Whether `filter` (a `filters` word, maybe with `?arguments`) is Venus's minhead.py.
    static func isMinhead(_ filter: String) -> Bool {
        (filter.split(separator: "?").first.map { $0.lowercased() } ?? "") == "minhead.py"
    }

    /// `[Planet]`'s filters planet has no include/exclude rule for: minhead.py becomes
    /// `min_heading`, the others are named with a hint.
    mutating func readPageFilters(_ filters: [String], place: String) {
        for filter in filters {
            guard Self.isMinhead(filter) else {
                ignore("filters = \(filter) \(place)" + VenusFilters.hint(filter))
                continue
            }
            guard !config.settings.contains(where: { $0.key == "min_heading" }) else { continue }
            let section = sections.first { $0.name.lowercased() == "minhead.py" }
            let written = section?.pairs.first { $0.key == "min" }?.value
            let level = written.flatMap { Int($0) }.map { min(max($0, 1), 6) } ?? Self.minheadDefault
            config.settings.append(("min_heading", String(level)))
            config.notes.append(
                "filters = minhead.py \(place): Venus's minhead.py with min = \(level)"
                    + (written == nil ? " (its default)" : " ([minhead.py])") + " → min_heading = \(level)")
        }
    }
}
