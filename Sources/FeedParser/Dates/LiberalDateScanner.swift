import Foundation

/// Reads RFC 822 / RFC 1123 dates and the variants feeds really contain, from tokens.
///
/// Order-free: a time is `h:mm[:ss[.fff]]` (or `10h30`, or CJK `14時03分`); a month is a word
/// from `DateWords`; the other numbers are day and year (RFC 822 order "02 Jan 2004", US order
/// "Jan 2, 2004", asctime "Sun Jan  4 16:29:06 PST 2004"), or an all-numeric date
/// (`2020/1/10`, `10.01.2020`, `1/10/2020` as US M/D/Y). After the time: a zone word, `±hhmm`,
/// `±hh:mm`, `±hh`, `GMT+2`. Weekdays are ignored even when wrong. Two-digit years follow
/// RFC 2822 §4.3 (00-49 → 20xx, 50-99 → 19xx), three-digit years add 1900. No zone means UTC.
enum LiberalDateScanner {
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let tokens = DateTokenizer.tokens(bytes) else { return nil }
        var state = State()
        var i = 0
        while i < tokens.count {
            guard let next = state.read(tokens, at: i) else { return nil }
            i = next
        }
        return state.fields()?.instant()
    }

    /// What has been read so far.
    struct State {
        var numbers: [LooseNumber] = []
        var numericSeparator: Int?
        var month: Int?
        var marked = DateFields()
        var markedFields: Set<DateMarker> = []
        var time: TimeOfDay?
        var timeEnd = -2
        var zoneWord = -2
        var meridiemAt = -2
        var pm: Bool?
        var offset: Int?
        var numericOffset = false

        /// Reads the token at `i`; returns the index of the next unread token, nil if unreadable.
        mutating func read(_ t: [DateToken], at i: Int) -> Int? {
            switch t[i].kind {
            case .number: return readNumber(t, at: i)
            case .punctuation: return readPunctuation(t, at: i)
            case .word: return readWord(t, at: i)
            }
        }

        private mutating func readNumber(_ t: [DateToken], at i: Int) -> Int? {
            if time == nil, i + 2 < t.count, t[i + 1].isPunctuation(0x3A), t[i + 2].kind == .number {
                return readTime(t, at: i)
            }
            if i + 1 < t.count, case .marker(let marker)? = t[i + 1].meaning {
                return readMarked(t, at: i, marker: marker)
            }
            guard numbers.count < 3, t[i].digits <= 4 else { return nil }
            if numbers.count == 1, i > 0, t[i - 1].kind == .punctuation { numericSeparator = t[i - 1].value }
            numbers.append(LooseNumber(value: t[i].value, digits: t[i].digits))
            return i + 1
        }

        private mutating func readTime(_ t: [DateToken], at i: Int) -> Int? {
            guard t[i].digits <= 2, t[i + 2].digits <= 2 else { return nil }
            var parsed = TimeOfDay(hour: t[i].value, minute: t[i + 2].value)
            var j = i + 3
            if j + 1 < t.count, t[j].isPunctuation(0x3A), t[j + 1].kind == .number {
                guard t[j + 1].digits <= 2 else { return nil }
                parsed.second = t[j + 1].value
                j += 2
                if j + 1 < t.count, t[j].isPunctuation(0x2E) || t[j].isPunctuation(0x2C),
                    t[j + 1].kind == .number, t[j + 1].digits <= 9
                {
                    parsed.fraction = Double(t[j + 1].value) / pow(10, Double(t[j + 1].digits))
                    j += 2
                }
            }
            if j < t.count, t[j].isPunctuation(0x3A) { return nil }
            time = parsed
            timeEnd = j - 1
            return j
        }

        private mutating func readMarked(_ t: [DateToken], at i: Int, marker: DateMarker) -> Int? {
            let value = t[i].value
            switch marker {
            case .year: marked.year = t[i].digits <= 2 ? LiberalDateScanner.fullYear(value, digits: t[i].digits) : value
            case .month: marked.month = value
            case .day: marked.day = value
            case .hour:
                time = TimeOfDay(hour: value, minute: time?.minute ?? 0, second: time?.second ?? 0)
                timeEnd = i + 1
                if i + 2 < t.count, t[i + 2].kind == .number, i + 3 >= t.count || t[i + 3].meaning == nil {
                    time?.minute = t[i + 2].value
                    timeEnd = i + 2
                    return i + 3
                }
            case .minute: time = TimeOfDay(hour: time?.hour ?? 0, minute: value, second: time?.second ?? 0)
            case .second: time = TimeOfDay(hour: time?.hour ?? 0, minute: time?.minute ?? 0, second: value)
            }
            markedFields.insert(marker)
            return i + 2
        }

        private mutating func readPunctuation(_ t: [DateToken], at i: Int) -> Int? {
            let sign = t[i].value
            guard sign == 0x2B || sign == 0x2D, time != nil, !numericOffset,
                i - 1 == timeEnd || i - 1 == zoneWord || i - 1 == meridiemAt,
                i + 1 < t.count, t[i + 1].kind == .number
            else { return i + 1 }
            let first = t[i + 1]
            var hours = first.value
            var minutes = 0
            var next = i + 2
            switch first.digits {
            case 1, 2:
                if next + 1 < t.count, t[next].isPunctuation(0x3A), t[next + 1].kind == .number {
                    minutes = t[next + 1].value
                    next += 2
                }
            case 3, 4:
                hours = first.value / 100
                minutes = first.value % 100
            default:
                return nil
            }
            guard hours < 24, minutes < 60 else { return nil }
            offset = (sign == 0x2D ? -1 : 1) * (hours * 3600 + minutes * 60)
            numericOffset = true
            return next
        }

        private mutating func readWord(_ t: [DateToken], at i: Int) -> Int? {
            guard let meaning = t[i].meaning else { return time != nil && t[i].zoneLike ? i + 1 : nil }
            switch meaning {
            case .month(let m): month = m
            case .zone(let seconds):
                if time == nil, t[i].digits == 1 { return nil }
                if time != nil, offset == nil {
                    offset = seconds
                    zoneWord = i
                }
            case .meridiem(let isPM):
                pm = isPM
                meridiemAt = i
            case .weekday, .filler, .marker: break
            }
            return i + 1
        }

        /// Assigns the loose numbers to day, month and year and checks that a date is complete.
        func fields() -> DateFields? {
            var f = DateFields()
            guard let (year, month, day) = resolveDate() else { return nil }
            f.year = year
            f.month = month
            f.day = day
            if var time {
                if let pm, time.hour <= 12 {
                    if pm, time.hour < 12 { time.hour += 12 }
                    if !pm, time.hour == 12 { time.hour = 0 }
                }
                f.hour = time.hour
                f.minute = time.minute
                f.second = time.second
                f.fraction = time.fraction
            }
            f.offset = offset ?? 0
            return f
        }

        private func resolveDate() -> (Int, Int, Int)? {
            var year = markedFields.contains(.year) ? marked.year : nil
            var month = markedFields.contains(.month) ? marked.month : self.month
            var day = markedFields.contains(.day) ? marked.day : nil
            var loose = numbers[...]
            if month == nil, year == nil, day == nil {
                guard loose.count == 3 else { return nil }
                let (a, b, c) = (loose[0], loose[1], loose[2])
                if a.digits >= 3 || a.value > 31 {
                    (year, month, day) = (a.value, b.value, c.value)
                } else if numericSeparator == 0x2F, a.value <= 12 {
                    (year, month, day) = (LiberalDateScanner.fullYear(c.value, digits: c.digits), a.value, b.value)
                } else {
                    (year, month, day) = (LiberalDateScanner.fullYear(c.value, digits: c.digits), b.value, a.value)
                }
                return year.flatMap { y in month.flatMap { m in day.map { (y, m, $0) } } }
            }
            if year == nil, day == nil, loose.count == 1, loose[0].digits <= 2 { return nil }
            if year == nil, day == nil, loose.count == 2, loose[0].digits >= 3 || loose[0].value > 31 {
                loose.swapAt(0, 1)
            }
            if day == nil, let first = loose.first, first.digits <= 2, loose.count >= 2 || year != nil {
                day = first.value
                loose.removeFirst()
            }
            if year == nil, let first = loose.first {
                year = LiberalDateScanner.fullYear(first.value, digits: first.digits)
                loose.removeFirst()
            }
            if month == nil, let first = loose.first {
                month = first.value
                loose.removeFirst()
            }
            guard loose.isEmpty, let year, let month else { return nil }
            return (year, month, day ?? 1)
        }
    }

    /// A number not yet known to be day, month or year.
    struct LooseNumber {
        var value: Int
        var digits: Int
    }

    /// A time of day as written (before am/pm and the zone are applied).
    struct TimeOfDay {
        var hour: Int
        var minute: Int
        var second = 0
        var fraction = 0.0
    }

    /// RFC 2822 §4.3: a two-digit year 00-49 is 20xx, 50-99 is 19xx; three digits add 1900.
    static func fullYear(_ value: Int, digits: Int) -> Int {
        switch digits {
        case ...2: return value < 50 ? 2000 + value : 1900 + value
        case 3: return 1900 + value
        default: return value
        }
    }
}
