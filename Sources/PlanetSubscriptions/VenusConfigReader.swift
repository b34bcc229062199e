import Foundation
import PlanetBase

/// The state of reading one config.ini into a `VenusConfig` (`VenusConfig.parse`): the config
/// built so far and what each section needs from the sections before it. One method per kind of
/// section (`readPlanet`, `readSection`) and one per kind of setting, so that the mapping the
/// doc comment of `VenusConfig` lists reads as a table.
struct VenusConfigReader {
    /// One planet-wide setting and the section it came from (`DEFAULT` or `Planet`).
    struct PlanetItem {
        var key: String
        var value: String
        var section: String
        var place: String { "(\(section))" }
    }

    /// A feed section being read.
    struct FeedState {
        var subscription: Subscription
        var settings: [FeedSettings.Pair] = []
        var ignoreUpdated: Bool
        var place: String
    }

    let sections: [INISections]
    let defaults: INISections?
    let isVenus: Bool
    var config = VenusConfig(settings: [], subscriptions: [])
    private var ignoredSeen = Set<String>()
    /// `ignore_in_feed = updated` planet-wide: every feed gets `ignore_updated = yes`.
    private var ignoreUpdatedEverywhere = false

    init(_ text: String) {
        sections = INISections.parse(text)
        defaults = sections.first { $0.name.uppercased() == "DEFAULT" }
        isVenus = VenusConfig.isVenus(sections)
        config.theme.isVenus = isVenus
    }

    /// Reads every section: `[Planet]` and `[DEFAULT]` first, then the others in file order.
    mutating func read() -> VenusConfig {
        readPlanet()
        for section in sections {
            let lower = section.name.lowercased()
            if lower == "planet" || lower == "default" { continue }
            readSection(section)
        }
        return config
    }

    /// Lists `text` as not carried over, once.
    mutating func ignore(_ text: String) {
        if ignoredSeen.insert(text).inserted { config.ignored.append(text) }
    }

    // MARK: - [Planet] and [DEFAULT]

    /// Planet-wide settings: `[DEFAULT]` first (its planet keys only), `[Planet]` overrides.
    private func planetItems() -> [PlanetItem] {
        var items: [PlanetItem] = []
        for (key, value) in defaults?.pairs ?? [] where VenusConfig.planetKeys.contains(key) {
            items.append(PlanetItem(key: key, value: value, section: "DEFAULT"))
        }
        let planetSection = sections.first { $0.name.lowercased() == "planet" }
        for (key, value) in planetSection?.pairs ?? [] {
            items.removeAll { $0.key == key }
            items.append(PlanetItem(key: key, value: value, section: "Planet"))
        }
        return items
    }

    private mutating func readPlanet() {
        let items = planetItems()
        var values: [String: String] = [:]
        for item in items { values[item.key] = item.value }
        if let name = values["name"], !name.isEmpty { config.settings.append(("title", name)) }
        if let link = values["link"], !link.isEmpty {
            config.settings.append(("link", withScheme(link, key: "link", place: "(Planet)")))
        }
        let owner = [
            values["owner_name"].flatMap { $0.isEmpty ? nil : $0 },
            values["owner_email"].flatMap { $0.isEmpty ? nil : "<\($0)>" }
        ]
        .compactMap { $0 }.joined(separator: " ")
        if !owner.isEmpty { config.settings.append(("owner", owner)) }
        for item in items where !item.value.isEmpty {
            if config.theme.read(item.key, item.value) { continue }
            if item.key == "output_dir" { config.outputDirectory = item.value }
            readPlanetSetting(item)
        }
    }

    private mutating func readPlanetSetting(_ item: PlanetItem) {
        switch item.key {
        case "name", "link", "owner_name", "owner_email":
            return
        case "new_feed_items" where isVenus:
            readVenusNewFeedItems(item)
        case "items_per_page", "days_per_page", "new_feed_items", "activity_threshold":
            readCount(item)
        case "facewidth", "faceheight":
            guard let number = Int(item.value), number > 0 else {
                return ignore("\(item.key) = \(item.value) \(item.place)")
            }
            config.settings.append((item.key == "facewidth" ? "face_width" : "face_height", String(number)))
        case "filters":
            let (rules, rest) = VenusFilters.translate(item.value)
            config.settings += rules
            readPageFilters(rest, place: item.place)
        case "filter", "exclude":
            guard let rule = VenusFilters.expression(item.key, item.value) else {
                return ignore("\(item.key) = \(item.value) \(item.place)")
            }
            config.settings.append(rule)
        case "ignore_in_feed":
            let words = item.value.split(separator: " ").map(String.init)
            if words.contains("updated") { ignoreUpdatedEverywhere = true }
            for word in words where word != "updated" { ignore("ignore_in_feed = \(word) \(item.place)") }
        case "future_dates":
            guard let value = Self.futureDates(item.value) else {
                return ignore("future_dates = \(item.value) \(item.place); " + Self.futureDatesKept)
            }
            config.settings.append(("future_dates", value))
        case "locale":
            readLocale(item)
        case "new_date_format", "date_format":
            readDateFormat(item)
        default:
            ignore("\(item.key) \(item.place)" + (VenusConfig.hints[item.key].map { ": \($0)" } ?? ""))
        }
    }

    /// Venus planet/splice.py: "Maximum number of items to include in the output from any one
    /// feed": a per-feed cap on the page, counted after the filters.
    private mutating func readVenusNewFeedItems(_ item: PlanetItem) {
        guard let number = Int(item.value), number > 0 else {
            return ignore("\(item.key) = \(item.value) \(item.place)")
        }
        config.settings.append(("items_per_feed", String(number)))
        config.notes.append(
            "new_feed_items = \(number) \(item.place): read as Planet Venus's (its config has Venus keys "
                + "such as output_theme, filters, spider_threads): at most \(number) entries of one feed "
                + "on the page → items_per_feed = \(number)")
    }

    /// A count planet reads by the same name (Planet 2.x's `new_feed_items`: the newest entries of a new feed).
    private mutating func readCount(_ item: PlanetItem) {
        guard let number = Int(item.value), number >= 0 else {
            return ignore("\(item.key) = \(item.value) \(item.place)")
        }
        config.settings.append((item.key, String(number)))
        if item.key == "new_feed_items" {
            config.notes.append(
                "new_feed_items = \(number) \(item.place): read as Planet 2.x's (no Venus key such as "
                    + "output_theme, filters or spider_threads): only the newest \(number) entries of a "
                    + "new feed are shown")
        }
    }

    /// Planet 2.x's POSIX locale names (`de_DE.UTF-8`, `:` separated) as a BCP 47 tag.
    private mutating func readLocale(_ item: PlanetItem) {
        guard let tag = PlanetLocale.bcp47(fromPOSIX: item.value) else {
            return ignore(
                "locale = \(item.value) \(item.place): no locale ICU has dates for; "
                    + "set 'locale' to a BCP 47 tag such as 'de-DE'")
        }
        config.settings.append(("locale", tag))
    }

    /// Venus's `new_date_format` heads each day (`date_format`); its `date_format` dates each
    /// entry (`time_format`), both strftime formats as feeds.txt reads them.
    private mutating func readDateFormat(_ item: PlanetItem) {
        let (key, use): (String, DisplayDateFormat.Use) =
            item.key == "new_date_format" ? ("date_format", .day) : ("time_format", .time)
        switch DisplayDateFormat.parse(item.value, for: use) {
        case .success: config.settings.append((key, item.value))
        case .failure(let problem): ignore("\(item.key) = \(item.value) \(item.place): \(problem.detail)")
        }
    }

    /// Venus's `ignore_in_feed` words (docs/normalization.html) and the setting of each (`updated`:
    /// `ignore_updated`, also planet-wide).
    static let ignoreInFeed = ["author": "ignore_author", "id": "ignore_id", "xml:lang": "ignore_language"]

    /// Venus's `future_dates` value as planet's (`FutureDates`): `ignore_date`, `ignore_entry`;
    /// nil for Venus's default `keep` and anything else.
    static func futureDates(_ value: String) -> String? {
        let word = value.trimmingCharacters(in: .whitespaces).lowercased()
        return FutureDates.words.contains(word) ? word : nil
    }

    /// Why Venus's `future_dates = keep` does not come over.
    static let futureDatesKept =
        "planet never shows a date in the future: such an entry is shown at its first-seen time until its date "
        + "comes (future_dates = ignore_date, the default), or left out until then with future_dates = ignore_entry"

    /// `value` with `https://` before it when it has no scheme (`planet.example.org/`, seen in
    /// a real config: the first build would stop on it), with a note.
    private mutating func withScheme(_ value: String, key: String, place: String) -> String {
        guard URLScheme.of(value) == nil, !value.hasPrefix("/") else { return value }
        let fixed = "https://" + value
        config.notes.append("\(key) = \(value) \(place): no scheme; written as \(fixed)")
        return fixed
    }

    // MARK: - Feed sections

    /// A section other than `[Planet]` and `[DEFAULT]`: a feed, a reading list, a template's or a
    /// filter's options (`readOptionSection`), or ignored.
    private mutating func readSection(_ section: INISections) {
        if !URLScheme.hasHTTPScheme(section.name), let kind = Self.optionSection(section.name) {
            return readOptionSection(section, kind)
        }
        guard URLScheme.hasHTTPScheme(section.name), let url = URL(string: section.name), url.host != nil else {
            for (key, value) in section.pairs {
                ignore(key == "filters" ? "filters = \(value) (\(section.name))" : "\(key) (\(section.name))")
            }
            if section.pairs.isEmpty { ignore("[\(section.name)]") }
            return
        }
        var own = section.pairs
        for (key, value) in defaults?.pairs ?? []
        where !VenusConfig.planetKeys.contains(key) && !own.contains(where: { $0.key == key }) {
            own.append((key, value))
        }
        if own.contains(where: { $0.key == "content_type" && $0.value.lowercased() == "opml" }) {
            config.readingLists.append(url)
            for (key, _) in own where key != "content_type" && key != "name" { ignore("\(key) (\(section.name))") }
            return
        }
        if let kind = own.first(where: { $0.key == "content_type" })?.value.lowercased(),
            ["foaf", "csv", "config"].contains(kind)
        {
            // Venus reads these reading lists (planet/config.py, foaf.py, csv_config.py); planet, OPML ones.
            return ignore(
                "[\(section.name)] content_type = \(kind): a reading list planet cannot read (it reads OPML ones: "
                    + "'list URL'); subscribe to its feeds one by one, or to an OPML export of it")
        }
        var feed = FeedState(
            subscription: Subscription(url: url, line: section.line), ignoreUpdated: ignoreUpdatedEverywhere,
            place: "(\(section.name))")
        for (key, value) in own where !value.isEmpty { readFeedSetting(key, value, into: &feed) }
        if feed.ignoreUpdated { feed.settings.append(.init(key: "ignore_updated", value: "yes")) }
        feed.subscription.settings = FeedSettings(feed.settings)
        config.subscriptions.append(feed.subscription)
    }

    private mutating func readFeedSetting(_ key: String, _ value: String, into feed: inout FeedState) {
        switch key {
        case "name":
            feed.subscription.name = value
        case "face":
            guard FaceReference(value) != nil else { return ignore("face = \(value) \(feed.place)") }
            feed.settings.append(.init(key: "face", value: value))
            if !value.lowercased().hasPrefix("https://"), !config.faces.contains(value) { config.faces.append(value) }
        case "facewidth", "faceheight":
            guard let number = Int(value), number > 0 else { return ignore("\(key) = \(value) \(feed.place)") }
            feed.settings.append(.init(key: key == "facewidth" ? "face_width" : "face_height", value: String(number)))
        case "filters":
            let (rules, rest) = VenusFilters.translate(value)
            feed.settings += rules.map { FeedSettings.Pair(key: $0.key, value: $0.value) }
            for filter in rest { ignore("filters = \(filter) \(feed.place)" + VenusFilters.hint(filter)) }
        case "ignore_in_feed":
            for word in value.split(separator: " ").map(String.init) {
                if word == "updated" {
                    feed.ignoreUpdated = true
                } else if let setting = Self.ignoreInFeed[word] {
                    feed.settings.append(.init(key: setting, value: "yes"))
                } else {
                    ignore("ignore_in_feed = \(word) \(feed.place)")
                }
            }
        case "future_dates":
            guard let words = Self.futureDates(value) else {
                return ignore("future_dates = \(value) \(feed.place); " + Self.futureDatesKept)
            }
            feed.settings.append(.init(key: "future_dates", value: words))
        case "filter", "exclude":
            guard let rule = VenusFilters.expression(key, value) else {
                return ignore("\(key) = \(value) \(feed.place)")
            }
            feed.settings.append(.init(key: rule.key, value: rule.value))
        case "link":
            feed.settings.append(.init(key: "link", value: withScheme(value, key: "link", place: feed.place)))
        case "title_type":
            // planet's titles are plain text read as HTML (tags stripped): what title_type = html asks.
            if value.lowercased() != "html" {
                ignore("title_type = \(value) \(feed.place); planet's titles are plain text, read as HTML")
            }
        case "summary_type", "content_type":
            // content_type = rss, atom, …: planet detects the format itself.
            if ["text", "html"].contains(value.lowercased()) {
                feed.settings.append(.init(key: key, value: value.lowercased()))
            }
        default:
            let keyOK = FeedLineReader.setting(in: "\(key) = \(value)")?.key == key
            guard keyOK, FeedSettingKind.known[key]?.problem(with: value) == nil else {
                return ignore("\(key) = \(value) \(feed.place)")
            }
            feed.settings.append(
                .init(key: key, value: value.split(whereSeparator: \.isNewline).joined(separator: " ")))
        }
    }
}
