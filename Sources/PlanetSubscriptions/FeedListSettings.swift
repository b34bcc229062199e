import Foundation

extension FeedList {
    /// The `key = value` lines at the top of feeds.txt, with typed accessors and defaults.
    ///
    /// `values` holds every setting as written (keys lower-cased), unknown ones too: they are kept
    /// in the file and reported as warnings, never an error, so a newer feeds.txt still builds.
    /// Known keys are checked when the file is parsed (see `SettingKind`), so the accessors below
    /// only fall back to their defaults for values set in code.
    package struct Settings: Sendable, Equatable {
        /// Every setting, key → value (value trimmed; empty when the line had no value); for
        /// `include`/`exclude`, which may repeat, the first value (all are in `include`/`exclude`).
        package var values: [String: String]
        /// `include` lines, one rule each (`EntryFilter`): with any, an entry is shown only when
        /// one of them matches it.
        package var include: [EntryFilter] = []
        /// `exclude` lines, one rule each: an entry that any of them matches is not shown.
        package var exclude: [EntryFilter] = []

        /// Creates settings from `values`; empty by default.
        package init(values: [String: String] = [:]) {
            self.values = values
        }

        /// `title`: name of the planet, plain text (DEL and C1 controls as `TextControls` says).
        package var title: String? { plainText("title") }
        /// `link`: absolute URL where the site is published.
        package var link: URL? { text("link").flatMap(URL.init(string:)) }
        /// `owner`: who runs the planet, `Name <email>` or just a name (plain text, as `title`).
        package var owner: String? { plainText("owner") }
        /// The name part of `owner` (`Jane Doe` of `Jane Doe <jane@example.org>`).
        package var ownerName: String? { Owner(owner).name }
        /// The email part of `owner`, without angle brackets.
        package var ownerEmail: String? { Owner(owner).email }
        /// `description`: one sentence about the planet, plain text (as `title`).
        package var siteDescription: String? { plainText("description") }
        /// `language`: language tag of the site (BCP 47, e.g. `en`, `pt-BR`).
        package var language: String? { text("language") }
        /// `items_per_page`: entries on the page and in the feeds; default 60.
        package var itemsPerPage: Int { text("items_per_page").flatMap { Int($0) } ?? 60 }
        /// `items_per_feed`: at most this many entries of one feed on the page; default
        /// `max(3, items_per_page / 6)` (10 of a page of 60), so that one feed, however prolific
        /// or undated, cannot take the page. A feed's own `items_per_feed` overrides it.
        package var itemsPerFeed: Int {
            text("items_per_feed").flatMap { Int($0) } ?? max(3, itemsPerPage / 6)
        }
        /// `items_per_feed` for a planet of `feedCount` feeds: the setting when set, else each
        /// feed's even share of the page twice over (`2 × items_per_page / feedCount`, rounded up),
        /// no more than a sixth of the page and no less than 3: a small planet's page is full (6
        /// feeds: 10 each of 60) and a large one's holds many voices (52 feeds: 3 each, so at least
        /// 20 feeds among 60 entries when that many have posts). README, "Settings".
        package func itemsPerFeed(feedCount: Int) -> Int {
            if let own = text("items_per_feed").flatMap({ Int($0) }) { return own }
            let share = (2 * itemsPerPage + max(1, feedCount) - 1) / max(1, feedCount)
            return max(3, min(itemsPerPage / 6, share))
        }
        /// `new_feed_items` (Planet Venus, Planet 2.x): on a feed's first fetch, only its newest N
        /// entries are new and shown; the rest are recorded in the cache as already seen (dated when
        /// first seen) and never shown. nil (the default) or 0: every entry of a first fetch is new.
        package var newFeedItems: Int? {
            text("new_feed_items").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        }
        /// `days_per_page` (Planet Venus): the page holds the entries of the last N days before the
        /// build, within `items_per_page`; nil (the default) or 0: no limit by days.
        package var daysPerPage: Int? {
            text("days_per_page").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        }
        /// `activity_threshold` (Planet Venus), days: a feed whose newest entry is older is marked
        /// inactive on the page and the status report; nil (the default) or 0: never.
        package var activityThreshold: Int? {
            text("activity_threshold").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        }
        /// `face_width`: width of faces on the page, CSS pixels; default 48.
        package var faceWidth: Int { text("face_width").flatMap { Int($0) } ?? 48 }
        /// `face_height`: height of faces on the page, CSS pixels; default 48.
        package var faceHeight: Int { text("face_height").flatMap { Int($0) } ?? 48 }
        /// `item_title`: how the merged feeds title an item, `name: title` (default) or `title`;
        /// nil when absent.
        package var itemTitle: String? { text("item_title").map(SettingKind.choiceWord) }
        /// `copy_faces`: which faces are fetched into the site instead of linked on their hosts
        /// (issue 27): `all` (the default), the `face` URLs feeds.txt gives and every feed's own
        /// image (logo, icon, author's avatar); `settings`, only the `face` URLs; `no`, none.
        package var copyFaces: String { text("copy_faces").map(SettingKind.choiceWord) ?? "all" }
        /// `timezone`: IANA zone in which dates are shown on the page; default UTC.
        package var timezone: TimeZone {
            text("timezone").flatMap(TimeZone.init(identifier:)) ?? .gmt
        }
        /// `locale`: the BCP 47 locale the page's dates are written in (`de-DE`), canonical;
        /// nil when absent (English words, as before the setting existed).
        package var locale: String? { text("locale").flatMap(PlanetLocale.canonical) }
        /// `date_format`: the day headings' format; nil when absent (`full` with a `locale`, else
        /// "Friday, 4 December 2026").
        package var dateFormat: DisplayDateFormat? { format("date_format", for: .day) }
        /// `time_format`: each entry's time; nil when absent (`short` with a `locale`, else "17:00").
        package var timeFormat: DisplayDateFormat? { format("time_format", for: .time) }
        /// `archive_pages`: pages of older entries after the index (`page/2.html` …); default 4,
        /// 0: none (a count beyond a million is taken as a million: the cache never holds that much).
        package var archivePages: Int {
            text("archive_pages").flatMap { Int($0) }.map { min(max(0, $0), 1_000_000) } ?? 4
        }
        /// `future_dates`: what the page does with an entry dated after the build time
        /// (`FutureDates`); nil when absent (`ignore_date`).
        package var futureDates: String? { text("future_dates").map { $0.lowercased() } }
        /// `keep_days`: entries older than this many days are dropped from the cache; nil keeps all.
        package var keepDays: Int? { text("keep_days").flatMap { Int($0) } }
        /// `keep_entries`: at most this many entries per feed are kept in the cache; nil keeps all.
        package var keepEntries: Int? { text("keep_entries").flatMap { Int($0) } }
        /// `max_bytes`: a feed larger than this many bytes fails as too large; nil uses the
        /// fetcher's default.
        package var maxBytes: Int? { text("max_bytes").flatMap { Int($0) } }
        /// `per_host`: feeds fetched at once from one host (`--per-host` wins); nil uses the
        /// fetcher's default (4).
        package var perHost: Int? { text("per_host").flatMap { Int($0) } }

        private func format(_ key: String, for use: DisplayDateFormat.Use) -> DisplayDateFormat? {
            guard let value = text(key), case .success(let format) = DisplayDateFormat.parse(value, for: use) else {
                return nil
            }
            return format
        }

        private func text(_ key: String) -> String? {
            guard let value = values[key], !value.isEmpty else { return nil }
            return value
        }

        /// `text(key)` as text people read: `TextControls.cleaned`, trimmed, nil when empty.
        private func plainText(_ key: String) -> String? {
            text(key).flatMap(DisplayName.finished)
        }
    }
}

/// `Jane Doe <jane@example.org>` split in name and email.
private struct Owner {
    var name: String?
    var email: String?

    init(_ text: String?) {
        guard let text else { return }
        if let open = text.lastIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close {
            let name = text[..<open].trimmingCharacters(in: .whitespaces)
            self.name = name.isEmpty ? nil : name
            let email = text[text.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            self.email = email.isEmpty ? nil : email
        } else if text.contains("@") && !text.contains(" ") {
            email = text
        } else {
            name = text
        }
    }
}
