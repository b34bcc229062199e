import FeedParser
import Foundation
import PlanetSubscriptions
import Testing

@testable import PlanetSite

/// Day headings and times in the planet's locale (settings `locale`, `date_format`,
/// `time_format`): the words, order, digits and calendar ICU's locale data gives.
@Suite("Site: day formatter in a locale")
struct LocalizedDayFormatterTests {
    static let friday = Date(timeIntervalSince1970: 1_796_400_000)  // 2026-12-04T16:00:00Z, 17:00 in Berlin
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    struct Case: Sendable, CustomTestStringConvertible {
        let locale: String
        let day, time, date, dayAndTime: String
        var testDescription: String { locale }
    }

    /// The expected text is what a reader of each language writes, as CLDR has it: German puts
    /// the day before the month and "um" before the time, Japanese writes year, month, day and
    /// weekday with their counters, Arabic (Egypt) writes Arabic-Indic digits, the Arabic comma
    /// and a 12-hour time with "م" (evening) after a no-break space.
    static let cases: [Case] = [
        Case(
            locale: "de-DE", day: "Freitag, 4. Dezember 2026", time: "17:00", date: "4. Dezember 2026",
            dayAndTime: "Freitag, 4. Dezember 2026 um 17:00"),
        Case(
            locale: "ja-JP", day: "2026年12月4日 金曜日", time: "17:00", date: "2026年12月4日",
            dayAndTime: "2026年12月4日 金曜日 17:00"),
        Case(
            locale: "ar-EG", day: "الجمعة، ٤ ديسمبر، ٢٠٢٦", time: "٥:٠٠\u{A0}م", date: "٤ ديسمبر، ٢٠٢٦",
            dayAndTime: "الجمعة، ٤ ديسمبر، ٢٠٢٦، ٥:٠٠\u{A0}م"),
        Case(
            locale: "ar-EG-u-nu-latn", day: "الجمعة، 4 ديسمبر، 2026", time: "5:00\u{A0}م", date: "4 ديسمبر، 2026",
            dayAndTime: "الجمعة، 4 ديسمبر، 2026، 5:00\u{A0}م")
    ]

    @Test(
        "a locale gives its full day heading, short time, long date and its own date-and-time joint", arguments: cases)
    func localeDefaults(_ test: Case) {
        let display = DayFormatter(SiteConfiguration(timeZone: Self.berlin, locale: test.locale))
        #expect(display.day(Self.friday) == test.day)
        #expect(display.time(Self.friday) == test.time)
        #expect(display.date(Self.friday) == test.date)
        #expect(display.dayAndTime(Self.friday) == test.dayAndTime)
        #expect(display.isoDay(Self.friday) == "2026-12-04")
    }

    @Test("ICU patterns, styles and strftime formats, in the locale's words")
    func formats() throws {
        func display(_ locale: String?, day: String? = nil, time: String? = nil) throws -> DayFormatter {
            let dayFormat = try day.map { try DisplayDateFormat.parse($0, for: .day).get() }
            let timeFormat = try time.map { try DisplayDateFormat.parse($0, for: .time).get() }
            return DayFormatter(
                SiteConfiguration(
                    timeZone: Self.berlin, locale: locale, dateFormat: dayFormat,
                    timeFormat: timeFormat))
        }
        #expect(try display("de-DE", day: "EEEE d. MMMM y").day(Self.friday) == "Freitag 4. Dezember 2026")
        #expect(try display("de-DE", day: "EEE, dd.MM.", time: "HH:mm 'Uhr'").day(Self.friday) == "Fr., 04.12.")
        #expect(try display("de-DE", time: "HH:mm 'Uhr'").time(Self.friday) == "17:00 Uhr")
        #expect(try display("de-DE", day: "%A, %-d. %B %Y").day(Self.friday) == "Freitag, 4. Dezember 2026")
        #expect(try display("ja-JP", day: "medium").day(Self.friday) == "2026/12/04")
        #expect(try display("ja-JP", day: "M月d日(E)").day(Self.friday) == "12月4日(金)")
        #expect(try display("ar-EG", day: "EEEE d MMMM").day(Self.friday) == "الجمعة ٤ ديسمبر")
        // Venus's default date_format as time_format: the footer shows it alone, not after the day.
        let venus = try display(nil, time: "%B %d, %Y %I:%M %p")
        #expect(venus.time(Self.friday) == "December 04, 2026 05:00 PM")
        #expect(venus.dayAndTime(Self.friday) == "December 04, 2026 05:00 PM")
        #expect(venus.day(Self.friday) == "Friday, 4 December 2026")
    }

    @Test("without locale and formats the fixed English words stay; a format alone speaks English")
    func defaults() throws {
        let plain = DayFormatter(SiteConfiguration(timeZone: Self.berlin))
        #expect(plain.day(Self.friday) == "Friday, 4 December 2026")
        #expect(plain.dayAndTime(Self.friday) == "Friday, 4 December 2026, 17:00")
        let styled = DayFormatter(SiteConfiguration(timeZone: Self.berlin, dateFormat: .style(.full)))
        #expect(styled.day(Self.friday) == "Friday, December 4, 2026")
        #expect(styled.time(Self.friday) == "17:00")
        #expect(styled.date(Self.friday) == "4 December 2026")
    }

    @Test("an untitled post is named by its feed and date, with the comma of the locale's script")
    func namedTitles() {
        func named(_ locale: String?) -> String {
            DayFormatter(SiteConfiguration(timeZone: Self.berlin, locale: locale)).named("Blog", Self.friday)
        }
        #expect(named(nil) == "Blog, 4 December 2026")
        #expect(named("de-DE") == "Blog, 4. Dezember 2026")
        #expect(named("ar-EG") == "Blog، ٤ ديسمبر، ٢٠٢٦")
        #expect(named("ja-JP") == "Blog、2026年12月4日")
    }

    @Test("a heading is per local day in the planet's zone, reused for the day's other entries")
    func headingPerLocalDay() {
        let display = DayFormatter(SiteConfiguration(timeZone: Self.berlin, locale: "de-DE"))
        let lateEvening = Date(timeIntervalSince1970: 1_796_425_140)  // 22:59 UTC: 23:59 in Berlin
        let afterMidnight = Date(timeIntervalSince1970: 1_796_425_260)  // 23:01 UTC: 00:01 on Saturday
        #expect(display.day(Self.friday) == display.day(lateEvening))
        #expect(display.day(afterMidnight) == "Samstag, 5. Dezember 2026")
        #expect(display.day(Date(timeIntervalSince1970: -1)) == "Donnerstag, 1. Januar 1970")
    }

    /// A feed's `1200-01-01T00:00:00Z`, read as RFC 3339 says (proleptic Gregorian), printed in a
    /// locale: ICU's Gregorian calendar is Julian before 1582-10-15 unless told otherwise, and
    /// printed it as 25 December 1199.
    @Test("dates before 1583 are proleptic Gregorian in a locale, as without one")
    func beforeTheGregorianSwitch() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let dates = try ["1200-01-01T00:00:00Z", "1582-10-10T00:00:00Z", "1582-10-15T00:00:00Z"].map {
            try #require(FeedDateParser.parse($0))
        }
        let german = DayFormatter(SiteConfiguration(timeZone: utc, locale: "de-DE"))
        #expect(
            dates.map(german.day) == [
                "Samstag, 1. Januar 1200", "Sonntag, 10. Oktober 1582", "Freitag, 15. Oktober 1582"
            ])
        let english = DayFormatter(SiteConfiguration(timeZone: utc, locale: "en-US"))
        #expect(dates.map(english.date) == ["January 1, 1200", "October 10, 1582", "October 15, 1582"])
        let pattern = DayFormatter(
            SiteConfiguration(
                timeZone: utc, dateFormat: try DisplayDateFormat.parse("%Y-%m-%d %A", for: .day).get()))
        #expect(dates.map(pattern.day) == ["1200-01-01 Saturday", "1582-10-10 Sunday", "1582-10-15 Friday"])
        let plain = DayFormatter(SiteConfiguration(timeZone: utc))
        #expect(
            dates.map(plain.day) == [
                "Saturday, 1 January 1200", "Sunday, 10 October 1582", "Friday, 15 October 1582"
            ])
    }
}
