import Foundation

/// What a word inside a date means.
enum DateWord: Sendable, Equatable {
    /// A month name or abbreviation, 1...12.
    case month(Int)
    /// A day name; ignored (feeds often state the wrong weekday).
    case weekday
    /// A time zone name, offset from UTC in seconds (east positive).
    case zone(Int)
    /// "am" / "pm".
    case meridiem(pm: Bool)
    /// A unit word after a number (CJK 年月日時分秒, French "10h30").
    case marker(DateMarker)
    /// A word that carries nothing ("de", "um", "at", ordinal suffixes, "г.").
    case filler
}

/// The field a CJK unit word (or French "h") assigns the preceding number to.
enum DateMarker: Sendable, Equatable {
    case year, month, day, hour, minute, second
}

/// The word tables of the liberal date parser, keyed by lowercased word.
///
/// Zone words count only after the time of day (asctime and RFC 822 put them there); before it
/// they are skipped, which keeps "at" (English) and "pt" (Polish Friday) from shifting a date.
///
/// Months: English, German, French, Spanish, Portuguese, Italian, Dutch, Polish (nominative and
/// genitive), Russian and Ukrainian (nominative and genitive), Greek, Hungarian, Danish/Swedish/
/// Norwegian, Czech. Zones: RFC 822 §5.1 (UT, GMT, Z, EST...PDT, military letters) plus the
/// abbreviations feeds are seen to use (CET, CEST, MESZ, BST, IST, JST, AEST...).
enum DateWords {
    /// Looks up a word (any case).
    static func meaning(of word: String) -> DateWord? {
        table[word.lowercased()]
    }

    /// Looks up an ASCII word of up to 8 letters by its packed lowercase bytes (see `packed`),
    /// which spares building a `String` for the common English words.
    static func meaning(packed key: UInt64) -> DateWord? {
        asciiTable[key]
    }

    /// The lowercase ASCII bytes `b[range]` of a word packed into an integer, nil if the word
    /// is longer than 8 bytes or not ASCII letters.
    static func packed(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
        guard range.count <= 8 else { return nil }
        var key: UInt64 = 0
        for i in range {
            guard b[i].isASCIILetter else { return nil }
            key = key << 8 | UInt64(b[i] | 0x20)
        }
        return key
    }

    private static let asciiTable: [UInt64: DateWord] = {
        var t: [UInt64: DateWord] = [:]
        for (word, meaning) in table {
            let bytes = Array(word.utf8)
            let key = bytes.withUnsafeBufferPointer { packed($0, 0..<$0.count) }
            if let key { t[key] = meaning }
        }
        return t
    }()

    static let table: [String: DateWord] = {
        var t: [String: DateWord] = [:]
        for (index, names) in monthNames.enumerated() {
            for name in names.split(separator: " ") { t[String(name)] = .month(index + 1) }
        }
        for name in weekdayNames.split(separator: " ") where t[String(name)] == nil {
            t[String(name)] = .weekday
        }
        for (name, hours) in zoneHours { t[name] = .zone(Int(hours * 3600)) }
        for (letter, hours) in militaryZones() { t[letter] = .zone(hours * 3600) }
        for name in ["am", "a.m", "vorm", "오전", "午前", "上午"] { t[name] = .meridiem(pm: false) }
        for name in ["pm", "p.m", "nachm", "오후", "午後", "下午"] { t[name] = .meridiem(pm: true) }
        let markers: [(String, DateMarker)] = [
            ("年", .year), ("년", .year), ("月", .month), ("월", .month), ("日", .day), ("일", .day),
            ("時", .hour), ("时", .hour), ("시", .hour), ("h", .hour), ("分", .minute), ("분", .minute),
            ("秒", .second), ("초", .second)
        ]
        for (name, marker) in markers { t[name] = .marker(marker) }
        for name in fillers.split(separator: " ") { t[String(name)] = .filler }
        return t
    }()

    /// One string per month, names separated by spaces, all lowercase.
    private static let monthNames: [String] = [
        "jan january januar jänner jän janvier janv enero ene janeiro gennaio gen januari "
            + "styczeń stycznia sty январь января янв січень січня січ ιαν ιανουαρίου január leden ledna led",
        "feb february februar février fevrier févr fevr fév fev febrero fevereiro febbraio februari "
            + "luty lutego lut февраль февраля фев лютий лютого лют φεβ φεβρουαρίου február únor února úno",
        "mar march marts märz mär maerz mrz mars marzo março marco maart mrt marzec marca "
            + "март марта мар березень березня бер μαρ μάρ μαρτίου március márc březen března bře",
        "apr april avril avr abril abr aprile kwiecień kwietnia kwi апрель апреля апр "
            + "квітень квітня кві απρ απριλίου április ápr duben dubna dub",
        "may mai mayo maio maggio mag mei maj maja май мая травень травня тра μάι μαι μαϊ μαΐου "
            + "május máj květen května kvě",
        "jun june juni juin junio junho giugno giu czerwiec czerwca cze июнь июня июн червень "
            + "червня чер ιούν ιουν ιουνίου június jún červen června čer",
        "jul july juli juillet juil julio julho luglio lug lipiec lipca lip июль июля июл липень "
            + "липня лип ιούλ ιουλ ιουλίου július júl červenec července čvc",
        "aug august augusti août aout aoû agosto ago augustus sierpień sierpnia sie август августа авг "
            + "серпень серпня сер αύγ αυγ αυγούστου augusztus srpen srpna srp",
        "sep sept september septembre septiembre setiembre setembro settembre set wrzesień "
            + "września wrz сентябрь сентября сен сент вересень вересня вер σεπ σεπτεμβρίου "
            + "szeptember szept září zář",
        "oct october oktober okt octobre octubre outubro out ottobre ott październik "
            + "października paź октябрь октября окт жовтень жовтня жов οκτ οκτωβρίου október "
            + "říjen října říj",
        "nov november novembre noviembre novembro listopad listopada lis ноябрь ноября ноя "
            + "листопад листопада лис νοέ νοε νοεμβρίου",
        "dec december dezember dez décembre decembre déc diciembre dic dezembro dicembre "
            + "grudzień grudnia gru декабрь декабря дек грудень грудня гру δεκ δεκεμβρίου prosinec "
            + "prosince pro"
    ]

    private static let weekdayNames =
        "mon monday tue tues tuesday wed weds wednesday thu thur thurs thursday fri friday "
        + "sat saturday sun sunday montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag "
        + "mo di mi do fr sa so lundi mardi mercredi jeudi vendredi samedi dimanche lun mer jeu ven "
        + "sam dim lunes martes miércoles miercoles jueves viernes sábado sabado domingo mié jue vie "
        + "sáb dom segunda terça terca quarta quinta sexta feira seg ter qua qui sex "
        + "lunedì lunedi martedì martedi mercoledì mercoledi giovedì giovedi venerdì venerdi sabato "
        + "domenica gio sab maandag dinsdag woensdag donderdag vrijdag zaterdag zondag ma wo vr za zo "
        + "poniedziałek wtorek środa czwartek piątek sobota niedziela pon wt śr czw pt sob niedz nd "
        + "понедельник вторник среда четверг пятница суббота воскресенье пн вт ср чт пт сб вс "
        + "κυρ δευ τρι τετ πεμ παρ σαβ mandag tirsdag onsdag torsdag fredag lørdag søndag "
        + "måndag tisdag fredag lördag söndag man tir ons tor fre lør søn mån tis lör sön"

    private static let fillers =
        "de del of the on um uhr à às le el la г года год roku st nd rd th er"

    /// Zone abbreviations, hours east of UTC. Where an abbreviation is ambiguous (CST, IST, BST)
    /// the reading RFC 822 or most feeds use wins: CST = US Central, IST = India, BST = British.
    private static let zoneHours: [(String, Double)] = [
        ("ut", 0), ("utc", 0), ("gmt", 0), ("z", 0), ("wet", 0), ("bst", 1), ("west", 1),
        ("cet", 1), ("met", 1), ("mez", 1), ("cest", 2), ("mest", 2), ("mesz", 2), ("eet", 2),
        ("eest", 3), ("msk", 3), ("msd", 4), ("ist", 5.5), ("ict", 7), ("wib", 7), ("hkt", 8),
        ("sgt", 8), ("awst", 8), ("jst", 9), ("kst", 9), ("acst", 9.5), ("aest", 10),
        ("acdt", 10.5), ("aedt", 11), ("nzst", 12), ("nzdt", 13), ("hst", -10), ("akst", -9),
        ("akdt", -8), ("pst", -8), ("pdt", -7), ("pt", -8), ("mst", -7), ("mdt", -6), ("mt", -7),
        ("cst", -6), ("cdt", -5), ("ct", -6), ("est", -5), ("edt", -4), ("et", -5), ("ast", -4),
        ("adt", -3), ("at", -4), ("nst", -3.5), ("ndt", -2.5), ("brt", -3), ("art", -3)
    ]

    /// Military single-letter zones as the military uses them (A = UTC+1 ... M = UTC+12,
    /// N = UTC-1 ... Y = UTC-12, Z = UTC; J is local time and not a zone). RFC 822 §5.1 printed
    /// the signs inverted; RFC 1123 §5.2.14 notes the error, so the real convention is used.
    private static func militaryZones() -> [(String, Int)] {
        var zones: [(String, Int)] = []
        for (index, letter) in "abcdefghiklm".enumerated() { zones.append((String(letter), index + 1)) }
        for (index, letter) in "nopqrstuvwxy".enumerated() { zones.append((String(letter), -(index + 1))) }
        return zones
    }
}
