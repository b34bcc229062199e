import FeedParser
import Foundation
import PlanetSubscriptions

/// Formats dates for people, in the planet's time zone (setting `timezone`) and, when feeds.txt
/// sets `locale`, `date_format` or `time_format`, in the locale's words and order.
///
/// Without those settings: English names and fixed patterns ("Friday, 4 December 2026",
/// "17:00"), so output does not depend on the machine's locale. The time zone's offset at each
/// date (daylight saving time included) comes from `TimeZone`; the calendar arithmetic is the
/// proleptic Gregorian one (days-from-civil, H. Hinnant), which is much cheaper than creating a
/// `DateFormatter` on Linux (about 0.5 ms each).
///
/// With them: Foundation's `DateFormatter` over ICU's locale data (CLDR), each created once per
/// formatter and kept (a reused one formats in about 10 µs), day headings computed once per day.
/// The locale's own calendar applies (`th-TH`: Buddhist era, `fa-IR`: Persian), and its digits
/// (`ar-EG`: Arabic-Indic). The Gregorian calendar is proleptic in both paths, as ISO 8601 and
/// RFC 3339 dates are: ICU's switches to Julian before 1582-10-15 unless told otherwise
/// (`gregorianStartDate`), which printed a feed's 1200-01-01 as 25 December 1199. (ICU's
/// Buddhist, Japanese and ROC calendars keep their own switch: Foundation sets it only on the
/// Gregorian one.) `isoDay` stays ISO 8601 for `datetime` attributes and ids. Not `Sendable` (a
/// `DateFormatter` is a class): make one per render.
struct DayFormatter {
    private let timeZone: TimeZone
    private let localized: LocalizedDates?
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December"
    ]

    /// English dates in fixed patterns, in `timeZone`.
    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        localized = nil
    }

    /// Dates as `configuration` asks for them: its time zone, locale and formats.
    init(_ configuration: SiteConfiguration) {
        timeZone = configuration.timeZone
        if configuration.locale == nil, configuration.dateFormat == nil, configuration.timeFormat == nil {
            localized = nil
        } else {
            localized = LocalizedDates(configuration)
        }
    }

    /// The day heading: "Friday, 4 December 2026" (`date_format`).
    func day(_ date: Date) -> String {
        if let localized, let day = localized.day(date) { return day }
        let p = parts(date)
        return "\(Self.weekdays[p.weekday]), \(p.day) \(Self.months[p.month - 1]) \(p.year)"
    }

    /// A date in a title: "4 December 2026" (with a locale: its `long` date).
    func date(_ date: Date) -> String {
        if let localized, let text = localized.date(date) { return text }
        let p = parts(date)
        return "\(p.day) \(Self.months[p.month - 1]) \(p.year)"
    }

    /// A name and a date in a title: "Jane Doe, 4 December 2026"; with a locale, its `long` date
    /// after the comma of its script ("مدونة، ٤ ديسمبر، ٢٠٢٦", "ブログ、2026年12月4日").
    func named(_ name: String, _ date: Date) -> String {
        name + (localized?.comma ?? ", ") + self.date(date)
    }

    /// "2026-12-04", whatever the locale.
    func isoDay(_ date: Date) -> String {
        let p = parts(date)
        return "\(pad(p.year, 4))-\(pad(p.month, 2))-\(pad(p.day, 2))"
    }

    /// An entry's time: "17:00" (`time_format`).
    func time(_ date: Date) -> String {
        if let localized, let time = localized.time(date) { return time }
        let p = parts(date)
        return "\(pad(p.hour, 2)):\(pad(p.minute, 2))"
    }

    /// The day and the time: "Friday, 4 December 2026, 17:00"; with a locale, joined as the
    /// locale joins a date and a time ("Freitag, 4. Dezember 2026 um 17:00"), and a time format
    /// that shows the date itself (Planet Venus's `date_format`) alone.
    func dayAndTime(_ date: Date) -> String {
        if let localized, localized.timeShowsDate, let time = localized.time(date) { return time }
        return day(date) + (localized?.glue ?? ", ") + time(date)
    }

    private struct Parts {
        var year, month, day, hour, minute: Int
        /// 0 = Sunday ... 6 = Saturday (`CivilCalendar.weekday`).
        var weekday: Int
    }

    private func parts(_ date: Date) -> Parts {
        let (days, seconds) = Self.localDay(date, in: timeZone)
        let (year, month, day) = CivilCalendar.civil(days: days)
        return Parts(
            year: year, month: month, day: day, hour: seconds / 3600, minute: seconds % 3600 / 60,
            weekday: CivilCalendar.weekday(days: days))
    }

    /// The local day of `date` in `zone` (days since 1970-01-01, floored) and the seconds into it.
    fileprivate static func localDay(_ date: Date, in zone: TimeZone) -> (days: Int, seconds: Int) {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (days, local - days * 86_400)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// The ICU formatters of a locale and the formats of feeds.txt (`DayFormatter`). A formatter is
/// nil where the fixed English one applies: the day heading and the title date without a
/// `locale` and without `date_format`, the time without a `locale` and without `time_format`.
private final class LocalizedDates {
    let dayFormatter: DateFormatter?
    let dateFormatter: DateFormatter?
    let timeFormatter: DateFormatter?
    /// What joins a day and a time in `dayAndTime`: the locale's own (" um ", " ", "، ").
    let glue: String
    /// The comma between a name and a date: ", ", the Arabic comma "، " for languages written in
    /// Arabic script, the ideographic comma "、" for Chinese and Japanese (Unicode: U+060C,
    /// U+3001).
    let comma: String
    /// True when the time format has calendar fields (year, month, day, weekday).
    let timeShowsDate: Bool
    private let zone: TimeZone
    /// Day headings already made, by local day.
    private var days: [Int: String] = [:]

    init(_ configuration: SiteConfiguration) {
        let locale = PlanetLocale.foundationLocale(configuration.locale ?? "en")
        let zone = configuration.timeZone
        self.zone = zone
        let hasLocale = configuration.locale != nil
        dayFormatter =
            hasLocale || configuration.dateFormat != nil
            ? Self.formatter(configuration.dateFormat ?? .style(.full), date: true, locale: locale, zone: zone) : nil
        dateFormatter = hasLocale ? Self.formatter(.style(.long), date: true, locale: locale, zone: zone) : nil
        timeFormatter =
            hasLocale || configuration.timeFormat != nil
            ? Self.formatter(configuration.timeFormat ?? .style(.short), date: false, locale: locale, zone: zone) : nil
        glue = hasLocale ? Self.glue(locale) : ", "
        switch locale.language.script?.identifier {
        case "Arab": comma = "، "
        case "Jpan", "Hans", "Hant": comma = "、"
        default: comma = ", "
        }
        if case .pattern(let pattern)? = configuration.timeFormat {
            timeShowsDate = Self.hasField(pattern)
        } else {
            timeShowsDate = false
        }
    }

    func day(_ date: Date) -> String? {
        guard let dayFormatter else { return nil }
        // One heading per local day (days since 1970-01-01 in the planet's time zone).
        let key = DayFormatter.localDay(date, in: zone).days
        if let known = days[key] { return known }
        let text = dayFormatter.string(from: date)
        days[key] = text
        return text
    }

    func date(_ date: Date) -> String? { dateFormatter?.string(from: date) }

    func time(_ date: Date) -> String? { timeFormatter?.string(from: date) }

    private static func formatter(_ format: DisplayDateFormat, date: Bool, locale: Locale, zone: TimeZone)
        -> DateFormatter
    {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = zone
        switch format {
        case .style(let style):
            let length: DateFormatter.Style =
                switch style {
                case .full: .full
                case .long: .long
                case .medium: .medium
                case .short: .short
                }
            formatter.dateStyle = date ? length : .none
            formatter.timeStyle = date ? .none : length
        case .pattern(let pattern):
            formatter.dateFormat = pattern
        }
        formatter.gregorianStartDate = .distantPast
        return formatter
    }

    /// The text between a locale's full date and short time in its own date-and-time format
    /// (CLDR `dateTimeFormats`: "{1} 'um' {0}" in German, "{1} {0}" in Japanese), else ", ".
    private static func glue(_ locale: Locale) -> String {
        func pattern(_ date: DateFormatter.Style, _ time: DateFormatter.Style) -> String {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.dateStyle = date
            formatter.timeStyle = time
            return formatter.dateFormat ?? ""
        }
        let day = pattern(.full, .none)
        let time = pattern(.none, .short)
        let both = pattern(.full, .short)
        guard !day.isEmpty, !time.isEmpty, both.count > day.count + time.count,
            both.hasPrefix(day), both.hasSuffix(time)
        else { return ", " }
        let middle = String(both.dropFirst(day.count).dropLast(time.count))
        guard !hasField(middle, of: Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")) else { return ", " }
        // The middle is literal text in pattern syntax (" 'um' "): formatted, it is that text.
        let literal = DateFormatter()
        literal.locale = locale
        literal.dateFormat = middle
        return literal.string(from: Date(timeIntervalSince1970: 0))
    }

    /// True when an ICU pattern has one of `letters` outside quotes (calendar fields by default).
    private static func hasField(
        _ pattern: String,
        of letters: Set<Character> = DisplayDateFormat.calendarFields
    ) -> Bool {
        var quoted = false
        for character in pattern {
            if character == "'" {
                quoted.toggle()
                continue
            }
            if !quoted, letters.contains(character) { return true }
        }
        return false
    }
}
