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
///   ignore_date | ignore_entry` as planet's `future_dates` (also per feed; Venus's `keep` is
///   named); `locale` (Planet 2.x: POSIX names, `:` separated)
///   → `locale` as BCP 47 (`de_DE.UTF-8` → `de-DE`); the strftime formats `new_date_format` (each
///   day's heading) → `date_format` and `date_format` (each entry's date) → `time_format`, as
///   written (feeds.txt reads strftime formats: `DisplayDateFormat`).
/// - A section named by an http(s) URL is a feed: `name` → display name, `face` (copied from
///   beside the config or its `images/` folder by the caller), `facewidth`/`faceheight` →
///   `face_width`/`face_height`, `filters`, `ignore_in_feed`, and every other key as a per-feed
///   setting (templates see it as `channel_KEY`, as in Venus). `content_type = opml` makes the
///   section a reading list (`list URL`).
/// - A section named after a template (`[index.html.tmpl]`) or a filter (`[excerpt.py]`) sets its
///   options: the index page's `items_per_page`, `days_per_page`, `activity_threshold` become
///   planet-wide, `[excerpt.py] width` → `excerpt_length`, `[Planet]`'s `filters = minhead.py`
///   → `min_heading` (`[minhead.py] min`); the rest is named (`VenusConfigReader+Options.swift`).
/// - Filters: `regexp_sifter.py?require=RE` / `?exclude=RE` → `include`/`exclude = text:/RE/`;
///   `xpath_sifter.py?require=//atom:category[@term='python']` → `category:python`.
package struct VenusConfig: Sendable, Equatable {
    /// planet settings (`key`, `value`) in the order found; `include`/`exclude` may repeat.
    package var settings: [(key: String, value: String)]
    /// Feeds in file order (sections whose name is an http(s) URL) with their settings.
    package var subscriptions: [Subscription]
    /// Reading lists: sections with `content_type = opml`.
    package var readingLists: [URL] = []
    /// Face files the config names (`face` values that are not URLs), in order, once each.
    package var faces: [String] = []
    /// What could not be carried over: `output_theme (Planet)`, `filters = mememe.plugin (index.html.xslt)`.
    package var ignored: [String] = []
    /// How a setting whose meaning differs between Venus and Planet 2.x was read, once each:
    /// `new_feed_items = 2 (Planet Venus: per-feed cap on the page) → items_per_feed = 2`.
    package var notes: [String] = []
    /// The theme it names (`template_files`, `output_theme`, `bill_of_materials`,
    /// `template_directories`), as written: `planet import` converts it.
    package var theme = VenusTheme()
    /// `output_dir` as written (Planet 2.x keeps faces in its `images/` folder), nil when not set.
    package var outputDirectory: String?

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
    package static func == (lhs: VenusConfig, rhs: VenusConfig) -> Bool {
        lhs.subscriptions == rhs.subscriptions && lhs.readingLists == rhs.readingLists
            && lhs.faces == rhs.faces && lhs.ignored == rhs.ignored && lhs.notes == rhs.notes
            && lhs.theme == rhs.theme && lhs.outputDirectory == rhs.outputDirectory
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
    package static func parse(_ text: String) -> VenusConfig {
        var reader = VenusConfigReader(text)
        return reader.read()
    }
}
