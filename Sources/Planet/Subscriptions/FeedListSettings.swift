import Foundation

extension FeedList {
    /// The `key = value` lines at the top of feeds.txt, with typed accessors and defaults.
    ///
    /// `values` holds every setting as written (keys lower-cased), unknown ones too: they are kept
    /// in the file and reported as warnings, never an error, so a newer feeds.txt still builds.
    /// Known keys are checked when the file is parsed (see `SettingKind`), so the accessors below
    /// only fall back to their defaults for values set in code.
    public struct Settings: Sendable, Equatable {
        /// Every setting, key → value (value trimmed; empty when the line had no value).
        public var values: [String: String]

        /// Creates settings from `values`; empty by default.
        public init(values: [String: String] = [:]) {
            self.values = values
        }

        /// `title`: name of the planet, plain text.
        public var title: String? { text("title") }
        /// `link`: absolute URL where the site is published.
        public var link: URL? { text("link").flatMap(URL.init(string:)) }
        /// `owner`: who runs the planet, `Name <email>` or just a name.
        public var owner: String? { text("owner") }
        /// The name part of `owner` (`Jane Doe` of `Jane Doe <jane@example.org>`).
        public var ownerName: String? { Owner(owner).name }
        /// The email part of `owner`, without angle brackets.
        public var ownerEmail: String? { Owner(owner).email }
        /// `description`: one sentence about the planet, plain text.
        public var siteDescription: String? { text("description") }
        /// `language`: language tag of the site (BCP 47, e.g. `en`, `pt-BR`).
        public var language: String? { text("language") }
        /// `items_per_page`: entries on the page and in the feeds; default 60.
        public var itemsPerPage: Int { text("items_per_page").flatMap { Int($0) } ?? 60 }
        /// `item_title`: how the merged feeds title an item, `name: title` (default) or `title`;
        /// nil when absent.
        public var itemTitle: String? { text("item_title").map(SettingKind.choiceWord) }
        /// `timezone`: IANA zone in which dates are shown on the page; default UTC.
        public var timezone: TimeZone {
            text("timezone").flatMap(TimeZone.init(identifier:)) ?? .gmt
        }
        /// `keep_days`: entries older than this many days are dropped from the cache; nil keeps all.
        public var keepDays: Int? { text("keep_days").flatMap { Int($0) } }
        /// `keep_entries`: at most this many entries per feed are kept in the cache; nil keeps all.
        public var keepEntries: Int? { text("keep_entries").flatMap { Int($0) } }
        /// `max_bytes`: a feed larger than this many bytes fails as too large; nil uses the
        /// fetcher's default.
        public var maxBytes: Int? { text("max_bytes").flatMap { Int($0) } }

        private func text(_ key: String) -> String? {
            guard let value = values[key], !value.isEmpty else { return nil }
            return value
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
