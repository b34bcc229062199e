import Foundation
import PlanetBase

/// The per-feed settings of one feed: the indented `key = value` lines under its line in
/// feeds.txt, in file order.
///
/// ```
/// https://blog.example.org/feed.xml   Jane Doe
///     face = jane.png
///     include = category:python
/// ```
///
/// Known keys (`FeedSettingKind.known`) are checked when feeds.txt is read; any other key is
/// kept as written and handed to the templates as `channel_KEY` (as Planet Venus does with every
/// per-feed key). `include` and `exclude` may be given more than once (one rule a line); every
/// other key once.
public struct FeedSettings: Sendable, Equatable, Hashable {
    /// One `key = value` line: key lower-cased, value trimmed.
    public struct Pair: Sendable, Equatable, Hashable {
        /// The key, lower-cased.
        public var key: String
        /// The value, trimmed.
        public var value: String

        /// Creates a pair.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Every setting in file order.
    public var pairs: [Pair]

    /// Creates settings from `pairs`; none by default.
    public init(_ pairs: [Pair] = []) {
        self.pairs = pairs
    }

    /// Whether there is no setting.
    public var isEmpty: Bool { pairs.isEmpty }

    /// The value of `key` (the first one when repeated), nil when absent or empty.
    public subscript(key: String) -> String? {
        guard let value = pairs.first(where: { $0.key == key })?.value, !value.isEmpty else { return nil }
        return value
    }

    /// Every value of `key`, in file order (`include`, `exclude`).
    public func values(_ key: String) -> [String] {
        pairs.filter { $0.key == key }.map(\.value)
    }

    /// `face`: an image in the `faces/` folder beside feeds.txt, or an absolute https URL.
    public var face: String? { self["face"] }
    /// `face_width`, CSS pixels.
    public var faceWidth: Int? { self["face_width"].flatMap { Int($0) } }
    /// `face_height`, CSS pixels.
    public var faceHeight: Int? { self["face_height"].flatMap { Int($0) } }
    /// `items_per_feed`: at most this many entries of this feed on the page (overrides the
    /// planet's `items_per_feed`).
    public var itemsPerFeed: Int? { self["items_per_feed"].flatMap { Int($0) } }
    /// `language`: the feed's language tag when the feed does not say (BCP 47).
    public var language: String? { self["language"] }
    /// `ignore_updated = yes`: the feed's `updated` dates are not used to date its entries
    /// (Venus `ignore_in_feed = updated`).
    public var ignoreUpdated: Bool { FeedSettingKind.isTrue(self["ignore_updated"]) }
    /// `poll_interval` (`30m`, `3h`, `1d`, seconds), seconds: the feed is fetched that long after
    /// its last fetch, whatever its server says (`PollInterval`); nil when not set.
    public var pollInterval: TimeInterval? { self["poll_interval"].flatMap(PollInterval.seconds) }
    /// What to correct in this feed's documents (`ignore_author`, `ignore_id`, `ignore_language`,
    /// `xml_base`, `encoding`, `summary_type`, `content_type`).
    public var overrides: FeedOverrides { FeedOverrides(self) }
    /// The `include` rules of this feed.
    public var include: [EntryFilter] { values("include").compactMap { try? EntryFilter.parse($0) } }
    /// The `exclude` rules of this feed.
    public var exclude: [EntryFilter] { values("exclude").compactMap { try? EntryFilter.parse($0) } }

    /// Settings whose key is not a known one, for the templates (`channel_KEY`).
    public var custom: [Pair] {
        pairs.filter { FeedSettingKind.known[$0.key] == nil }
    }
}

/// The known per-feed settings and the shape of each value.
enum FeedSettingKind: Sendable {
    case text
    case face
    case positiveInt
    case languageTag
    case bool
    case filter
    case absoluteURL
    /// One of the listed words (any case).
    case choice([String])
    /// A duration (`PollInterval`).
    case duration

    static let known: [String: FeedSettingKind] = [
        "name": .text,
        "face": .face,
        "face_width": .positiveInt,
        "face_height": .positiveInt,
        "items_per_feed": .positiveInt,
        "include": .filter,
        "exclude": .filter,
        "language": .languageTag,
        "allow_duplicates": .bool,
        "ignore_updated": .bool,
        "poll_interval": .duration,
        "future_dates": .choice(FutureDates.words),
        // Overrides for broken feeds (Venus docs/normalization.html), `FeedOverrides`.
        "ignore_author": .bool,
        "ignore_id": .bool,
        "ignore_language": .bool,
        "xml_base": .absoluteURL,
        "encoding": .text,
        "summary_type": .choice(["text", "html"]),
        "content_type": .choice(["text", "html"])
    ]

    /// Keys that may be given more than once under one feed.
    static let repeatable: Set<String> = ["include", "exclude"]

    /// `yes`, `true`, `on`, `1` (any case).
    static func isTrue(_ value: String?) -> Bool {
        ["yes", "true", "on", "1"].contains(value?.lowercased() ?? "")
    }

    /// What the value must be, in words for the error message; nil when `value` is fine.
    func problem(with value: String) -> String? {
        switch self {
        case .text:
            return value.isEmpty ? "some text" : nil
        case .face:
            return FaceReference.problem(with: value)
        case .positiveInt:
            return SettingKind.positiveInt.problem(with: value)
        case .languageTag:
            return SettingKind.languageTag.problem(with: value)
        case .bool:
            return ["yes", "no", "true", "false", "on", "off", "1", "0"].contains(value.lowercased())
                ? nil : "yes or no"
        case .absoluteURL:
            return SettingKind.absoluteURL.problem(with: value)
        case .choice(let words):
            return words.contains(value.lowercased()) ? nil : words.map { "'\($0)'" }.joined(separator: " or ")
        case .duration:
            return PollInterval.seconds(value) == nil ? PollInterval.expected : nil
        case .filter:
            do {
                _ = try EntryFilter.parse(value)
                return nil
            } catch {
                return error.expected
            }
        }
    }

    /// The known per-feed key closest to a misspelt `key` (Levenshtein distance at most 2, ties
    /// alphabetical), nil when none is that close.
    static func suggestion(for key: String) -> String? {
        var best: (key: String, distance: Int)?
        for known in known.keys.sorted() {
            let distance = SettingKind.editDistance(Array(key), Array(known))
            if distance <= 2, distance < best?.distance ?? Int.max { best = (known, distance) }
        }
        return best?.key
    }
}

/// What a `face` value names: an image file in the `faces/` folder beside feeds.txt, or an
/// absolute https URL.
package enum FaceReference: Sendable, Equatable {
    /// A path inside `faces/` (`jane.png`, `team/jane.png`): no `..`, not absolute.
    case file(String)
    /// An absolute https URL.
    case url(String)

    /// Reads a `face` value; nil when it is neither (see `problem(with:)`).
    package init?(_ value: String) {
        guard Self.problem(with: value) == nil else { return nil }
        if value.lowercased().hasPrefix("https://") {
            self = .url(value)
        } else {
            self = .file(value)
        }
    }

    /// Why `value` cannot be a face, in words for an error message; nil when it can.
    static func problem(with value: String) -> String? {
        let expected = "an image in the faces/ folder beside feeds.txt (e.g. 'jane.png') or an https URL"
        if let scheme = URLScheme.of(value)?.lowercased() {
            guard scheme == "https", let url = URL(string: value), !(url.host ?? "").isEmpty else {
                return expected
            }
            return nil
        }
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard !value.isEmpty, !value.hasPrefix("/"), !value.hasPrefix("~"), !value.contains("\\"),
            !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }),
            !value.contains(where: { $0.isNewline || $0 == "\0" })
        else { return expected }
        return nil
    }
}
