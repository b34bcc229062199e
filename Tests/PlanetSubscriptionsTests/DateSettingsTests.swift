import Foundation
import Testing

@testable import PlanetSubscriptions

/// The settings `locale`, `date_format`, `time_format`: what feeds.txt accepts, what it refuses
/// with `feeds.txt:LINE:`, and strftime formats read as ICU patterns.
@Suite("feeds.txt: locale and date formats")
struct DateSettingsTests {
    static let file = URL(fileURLWithPath: "feeds.txt")

    @Test("well-formed tags with ICU data are taken, canonical; POSIX names and unknown languages are refused")
    func locales() {
        #expect(PlanetLocale.canonical("de-DE") == "de-DE")
        #expect(PlanetLocale.canonical("EN-us") == "en-US")
        #expect(PlanetLocale.canonical("sr-Latn-RS") == "sr-Latn-RS")
        #expect(PlanetLocale.canonical("ar-EG-u-nu-latn") == "ar-EG-u-nu-latn")
        #expect(PlanetLocale.canonical("en-150") == "en-150")
        #expect(PlanetLocale.problem(with: "xx-YY")?.contains("'xx' is no language ICU has dates for") == true)
        #expect(PlanetLocale.problem(with: "de-DR")?.contains("'DR' is not a country or region code") == true)
        #expect(PlanetLocale.problem(with: "en-Qqqq")?.contains("'Qqqq' is not an ISO 15924 script") == true)
        #expect(PlanetLocale.problem(with: "de_DE.UTF-8")?.contains("write 'de-DE'") == true)
        #expect(PlanetLocale.problem(with: "German") != nil)
        #expect(PlanetLocale.problem(with: "de--DE") != nil)
        // An unknown numbering system made Foundation's date formatter trap (SIGILL, no message).
        #expect(PlanetLocale.problem(with: "de-DE-u-nu-foo")?.contains("'foo' is no numbering system") == true)
        #expect(PlanetLocale.problem(with: "en-u-ca-gregory-nu-xxx")?.contains("'xxx' is no numbering system") == true)
        #expect(PlanetLocale.problem(with: "de-DE-u-nu-arab") == nil)
        #expect(PlanetLocale.problem(with: "ja-JP-u-ca-japanese-nu-latn") == nil)
    }

    @Test(
        "a numbering system in the tag formats (Foundation traps on some BCP 47 spellings of it: ICU's is used)",
        arguments: [
            "de-DE-u-nu-latn", "en-u-nu-latn", "ar-EG-u-nu-arab", "ar-EG-u-nu-latn", "de-DE-u-nu-arab",
            "ja-JP-u-ca-japanese-nu-latn"
        ])
    func numberingSystems(_ tag: String) {
        #expect(PlanetLocale.problem(with: tag) == nil)
        let formatter = DateFormatter()
        formatter.locale = PlanetLocale.foundationLocale(tag)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMMM y"
        let text = formatter.string(from: Date(timeIntervalSince1970: 1_796_400_000))
        // The day: 4 December 2026 (UTC), in Latin or Arabic-Indic digits as the tag asks.
        #expect(text.hasPrefix(tag.hasSuffix("latn") ? "4 " : "٤ "), "\(text)")
    }

    @Test("Planet 2.x / Venus locale names become BCP 47 tags: the first usable of a ':' list")
    func posixNames() {
        #expect(PlanetLocale.bcp47(fromPOSIX: "de_DE.UTF-8") == "de-DE")
        #expect(PlanetLocale.bcp47(fromPOSIX: "pt_BR.utf8:pt_BR") == "pt-BR")
        #expect(PlanetLocale.bcp47(fromPOSIX: "C:fr_FR@euro") == "fr-FR")
        #expect(PlanetLocale.bcp47(fromPOSIX: "ja") == "ja")
        #expect(PlanetLocale.bcp47(fromPOSIX: "C") == nil)
        #expect(PlanetLocale.bcp47(fromPOSIX: "klingon_KL") == nil)
    }

    struct Translation: Sendable, CustomTestStringConvertible {
        let strftime, pattern: String
        var testDescription: String { strftime }
    }

    static let translations: [Translation] = [
        Translation(strftime: "%B %d, %Y %I:%M %p", pattern: "MMMM dd, y hh:mm a"),
        Translation(strftime: "%A, %-d. %B %Y", pattern: "EEEE, d. MMMM y"),
        Translation(strftime: "%d.%m.%Y um %H:%M Uhr", pattern: "dd.MM.y' um 'HH:mm' Uhr'"),
        Translation(strftime: "%a %e %b, 100%% o'clock", pattern: "EEE d MMM', 100% o''clock'"),
        Translation(strftime: "%F %T %z", pattern: "y-MM-dd HH:mm:ss xx")
    ]

    @Test("strftime conversions become ICU fields; literal text with letters is quoted", arguments: translations)
    func strftime(_ test: Translation) throws {
        #expect(try StrftimeFormat.pattern(test.strftime).get() == test.pattern)
        #expect(try DisplayDateFormat.parse(test.strftime, for: .time).get() == .pattern(test.pattern))
    }

    @Test("styles and patterns are read; time fields in a day heading, stray letters, open quotes are not")
    func formats() throws {
        #expect(try DisplayDateFormat.parse("Full", for: .day).get() == .style(.full))
        #expect(try DisplayDateFormat.parse("short", for: .time).get() == .style(.short))
        #expect(try DisplayDateFormat.parse("EEEE, d. MMMM y", for: .day).get() == .pattern("EEEE, d. MMMM y"))
        #expect(try DisplayDateFormat.parse("y年M月d日", for: .day).get() == .pattern("y年M月d日"))
        #expect(try DisplayDateFormat.parse("HH:mm 'Uhr'", for: .time).get() == .pattern("HH:mm 'Uhr'"))
        func detail(_ text: String, _ use: DisplayDateFormat.Use) -> String? {
            if case .failure(let problem) = DisplayDateFormat.parse(text, for: use) { return problem.detail }
            return nil
        }
        #expect(detail("EEEE HH:mm", .day) == "'HH' is a time of day field: times go in time_format")
        #expect(detail("%A %H", .day) == "'HH' is a time of day field: times go in time_format")
        #expect(detail("EEEE HH:mm", .time) == nil)
        #expect(detail("d. MMMM ob HH", .time) == "'o' is not a date field; quote literal text: 'text'")
        #expect(detail("jj:mm", .time) == "'jj' is not a date field; quote literal text: 'text'")
        #expect(detail("EEEE 'um", .day) == "a quote (') opens literal text that is not closed; write '' for a quote")
        #expect(detail("'heute'", .day) == "it has no date field")
        #expect(detail("%c", .time) == "'%c' has no fixed ICU pattern; write an ICU pattern instead")
        #expect(detail("%d %", .day) == "the format ends with '%'; write '%%' for a percent sign")
        #expect(detail("'heute'", .day) == "it has no date field")
        #expect(detail("zzzz", .day) == "it has no date field (a zone alone is none)")
        #expect(detail("zzzz d", .day) == nil)
        #expect(detail(String(repeating: "y", count: 1_000), .day) == "it is 1000 characters long; at most 200")
        #expect(detail(String(repeating: "y", count: 200), .day) == nil)
        #expect(detail("EEEE\u{1} d MMMM y", .day) == "it has a control character; remove it")
        #expect(detail("HH:mm\u{85}", .time) == "it has a control character; remove it")
    }

    @Test("a bad value stops feeds.txt with its line and what to write")
    func errors() {
        func error(_ text: String) -> String? {
            do {
                _ = try FeedList.parse(text, file: Self.file)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            error("title = T\nlocale = xx-YY\n") == "feeds.txt:2: 'locale' must be a BCP 47 locale such as 'de-DE', "
                + "'ja-JP' or 'ar-EG' ('xx' is no language ICU has dates for), not 'xx-YY'")
        #expect(
            error("date_format = EEEE HH:mm\n") == "feeds.txt:1: 'date_format' must be full, long, medium, short "
                + "or an ICU date pattern such as 'EEEE, d. MMMM y' ('HH' is a time of day field: times go in "
                + "time_format), not 'EEEE HH:mm'")
        #expect(
            error("time_format = %Q\n")?.hasPrefix(
                "feeds.txt:1: 'time_format' must be full, long, medium, short or an ICU date pattern such as 'HH:mm' "
                    + "('%Q' has no"
            ) == true)
        #expect(
            error("archive_pages = -1\n") == "feeds.txt:1: 'archive_pages' must be a whole number (0 or more), not '-1'"
        )
        #expect(error("locale = ja-JP\ndate_format = long\ntime_format = H時m分\narchive_pages = 0\n") == nil)
    }

    @Test("the settings' values: canonical locale, parsed formats, archive pages 4 by default")
    func accessors() throws {
        let settings = try FeedList.parse("locale = de-de\ndate_format = %A, %d. %B\n", file: Self.file).settings
        #expect(settings.locale == "de-DE")
        #expect(settings.dateFormat == .pattern("EEEE, dd. MMMM"))
        #expect(settings.timeFormat == nil)
        #expect(settings.archivePages == 4)
        #expect(try FeedList.parse("archive_pages = 0\n", file: Self.file).settings.archivePages == 0)
    }
}
