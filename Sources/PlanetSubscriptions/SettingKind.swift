import Foundation
import PlanetBase

/// The known settings of feeds.txt and the shape each value must have.
///
/// A table rather than a switch so that adding a setting is one line; `FeedList.Settings` has the
/// typed accessor for each key.
enum SettingKind: Sendable {
    case text
    case absoluteURL
    case positiveInt
    case nonNegativeInt
    case timeZone
    case languageTag
    /// A BCP 47 locale ICU has data for (`PlanetLocale`).
    case locale
    /// A day-heading or time format (`DisplayDateFormat`).
    case dateFormat(DisplayDateFormat.Use)
    case filter
    /// One of the listed words (compared ignoring case and spaces around `:`).
    case choice([String])
    /// `yes` or `no` (`FeedSettingKind.bool`).
    case bool
    /// A heading level, 1 to 6 (`h1`–`h6`).
    case headingLevel

    static let known: [String: SettingKind] = [
        "title": .text,
        "link": .absoluteURL,
        "owner": .text,
        "description": .text,
        "items_per_page": .positiveInt,
        "timezone": .timeZone,
        "keep_days": .nonNegativeInt,
        "keep_entries": .nonNegativeInt,
        "max_bytes": .positiveInt,
        "per_host": .positiveInt,
        "language": .languageTag,
        "items_per_feed": .positiveInt,
        "excerpt_length": .positiveInt,
        "keep_tracking": .bool,
        "min_heading": .headingLevel,
        "new_feed_items": .nonNegativeInt,
        "days_per_page": .nonNegativeInt,
        "activity_threshold": .nonNegativeInt,
        "face_width": .positiveInt,
        "face_height": .positiveInt,
        "include": .filter,
        "exclude": .filter,
        "item_title": .choice(["name: title", "title"]),
        "locale": .locale,
        "date_format": .dateFormat(.day),
        "time_format": .dateFormat(.time),
        "archive_pages": .nonNegativeInt,
        "copy_faces": .choice(["settings", "all", "no"]),
        "future_dates": .choice(FutureDates.words)
    ]

    /// Settings that may be given on several lines, one value each (filter rules).
    static let repeatable: Set<String> = ["include", "exclude"]

    /// What the value must be, in words for the error message; nil when `value` is fine.
    func problem(with value: String) -> String? {
        switch self {
        case .text:
            return nil
        case .absoluteURL:
            let url = URL(string: value)
            let ok = url?.hasHTTPScheme == true && !(url?.host ?? "").isEmpty
            return ok ? nil : "an absolute http(s) URL"
        case .positiveInt:
            return (Int(value) ?? 0) > 0 ? nil : "a whole number greater than 0"
        case .nonNegativeInt:
            return (Int(value) ?? -1) >= 0 ? nil : "a whole number (0 or more)"
        case .timeZone:
            return TimeZone(identifier: value) != nil
                ? nil : "a time zone name such as 'UTC' or 'Europe/Paris'"
        case .languageTag:
            let ok = !value.isEmpty && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            return ok ? nil : "a language tag such as 'en' or 'pt-BR'"
        case .locale:
            return PlanetLocale.problem(with: value)
        case .dateFormat(let use):
            if case .failure(let problem) = DisplayDateFormat.parse(value, for: use) { return problem.description }
            return nil
        case .filter:
            return FeedSettingKind.filter.problem(with: value)
        case .bool:
            return FeedSettingKind.bool.problem(with: value)
        case .headingLevel:
            return (1...6).contains(Int(value) ?? 0) ? nil : "a heading level from 1 to 6"
        case .choice(let words):
            return words.contains(Self.choiceWord(value))
                ? nil
                : "one of " + words.map { "'\($0)'" }.joined(separator: ", ")
        }
    }

    /// `value` lower-cased, with spaces around `:` made one space after it: `Name:Title` → `name: title`.
    static func choiceWord(_ value: String) -> String {
        value.lowercased().split(separator: ":", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ": ")
    }
}
