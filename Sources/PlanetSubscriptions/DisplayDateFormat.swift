import Foundation

/// The settings `date_format` (the page's day headings) and `time_format` (each entry's time):
/// a named style of the locale, or a pattern.
///
/// Three spellings are read:
/// - `full`, `long`, `medium`, `short`: the locale's own date (or time) format of that length
///   (ICU `UDateFormatStyle`; `full` date in `de-DE`: "Freitag, 4. Dezember 2026", `short` time:
///   "17:00"; in `en-US`: "Friday, December 4, 2026", "5:00 PM").
/// - an ICU date pattern (Unicode UTS #35, "Date Field Symbol Table"): `EEEE, d. MMMM y`,
///   `HH:mm`; ASCII letters are fields, other characters are kept, text in single quotes is kept
///   as it is (`'um'`), `''` is a quote.
/// - a strftime format, as Planet Venus's `date_format` / `new_date_format` (any value with a
///   `%`): translated into the pattern it means (`StrftimeFormat`), `%-d` (no padding) included.
///
/// A day heading (`date_format`) may not show hours, minutes or seconds: every entry of the
/// day shares it. Field letters that are not date fields (`f`, `i`, `j`, `t`, …) and unclosed
/// quotes are errors, so that a typing error shows in feeds.txt, not as garbage on the page (ICU
/// itself formats `abc` as "PMPM5").
package enum DisplayDateFormat: Sendable, Equatable {
    /// A named style of the locale.
    case style(Style)
    /// An ICU (UTS #35) date pattern.
    case pattern(String)

    /// The locale's formats by length (ICU `UDAT_FULL` … `UDAT_SHORT`).
    package enum Style: String, Sendable, Equatable, CaseIterable {
        case full, long, medium, short
    }

    /// Which setting a format is for.
    package enum Use: Sendable, Equatable {
        /// `date_format`: day headings; no time fields.
        case day
        /// `time_format`: an entry's time; any field.
        case time
    }

    /// Reads a setting's value.
    /// - Returns: the format, or the problem in words for feeds.txt's message ("'date_format' must
    ///   be …, not 'x'").
    package static func parse(_ text: String, for use: Use) -> Result<DisplayDateFormat, Problem> {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.count > maximumLength {
            return .failure(Problem(use: use, detail: "it is \(value.count) characters long; at most \(maximumLength)"))
        }
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .failure(Problem(use: use, detail: "it has a control character; remove it"))
        }
        if let style = Style(rawValue: value.lowercased()) { return .success(.style(style)) }
        let pattern: String
        if value.contains("%") {
            switch StrftimeFormat.pattern(value) {
            case .success(let translated): pattern = translated
            case .failure(let problem): return .failure(Problem(use: use, detail: problem.detail))
            }
        } else {
            pattern = value
        }
        if let detail = Self.patternProblem(pattern, use: use) { return .failure(Problem(use: use, detail: detail)) }
        return .success(.pattern(pattern))
    }

    /// Why a value is not a format: what the setting takes, and what was wrong with this one.
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The setting it was read for.
        package var use: Use
        /// What was wrong, e.g. "'HH' is an hour: times go in time_format".
        package var detail: String

        /// "full, long, medium, short or an ICU date pattern such as 'EEEE, d. MMMM y' (detail)".
        package var description: String {
            let example = use == .day ? "'EEEE, d. MMMM y'" : "'HH:mm'"
            return "full, long, medium, short or an ICU date pattern such as \(example) (\(detail))"
        }
    }

    /// The longest value taken: a real format is a few dozen characters, and ICU renders a
    /// run of thousands of letters as nothing at all.
    static let maximumLength = 200

    /// ICU pattern letters that are fields of a date (UTS #35 "Date Field Symbol Table"): era,
    /// years, quarters, months, weeks, days, weekdays, zones.
    static let dateFields: Set<Character> = Set("GyYuUrQqMLwWdDFgEeczZOvVXx")
    /// Fields of a time of day: period (AM/PM, noon), hours, minutes, seconds and fractions.
    static let timeFields: Set<Character> = Set("abBhHKkmsSA")
    /// Fields of a time zone: a day heading of a zone alone says nothing of the day.
    static let zoneFields: Set<Character> = Set("zZOvVXx")
    /// Fields of the calendar: era, year, quarter, month, week, day, weekday (`dateFields`
    /// without the zones); a time format with one shows the date itself.
    package static let calendarFields = dateFields.subtracting(zoneFields)

    /// The problem with an ICU pattern, nil when it is fine.
    static func patternProblem(_ pattern: String, use: Use) -> String? {
        var fields = 0
        var zones = 0
        var quoted = false
        var characters = Substring(pattern)
        while let character = characters.first {
            guard character != "'" else {
                quoted.toggle()
                characters.removeFirst()
                continue
            }
            guard !quoted, character.isASCII, character.isLetter else {
                characters.removeFirst()
                continue
            }
            // A field is a run of one letter ('EEEE'); it is reported whole.
            let run = characters.prefix { $0 == character }
            characters.removeFirst(run.count)
            if timeFields.contains(character) {
                if use == .day { return "'\(run)' is a time of day field: times go in time_format" }
            } else if !dateFields.contains(character) {
                return "'\(run)' is not a date field; quote literal text: 'text'"
            }
            if zoneFields.contains(character) { zones += 1 } else { fields += 1 }
        }
        if quoted { return "a quote (') opens literal text that is not closed; write '' for a quote" }
        if fields == 0 { return zones > 0 ? "it has no date field (a zone alone is none)" : "it has no date field" }
        return nil
    }
}
