import Foundation

/// How long a feed says a copy of it stays current (`Feed.updateInterval`), from the elements
/// feeds use for it:
///
/// - RSS 2.0 `<ttl>`: "number of minutes that indicates how long a channel can be cached before
///   refreshing from the source" (RSS 2.0 specification, "ttl"). A whole number of minutes; `0`
///   or anything else is no hint.
/// - RSS 1.0 Modules: Syndication, `sy:updatePeriod` (`hourly`, `daily`, `weekly`, `monthly`,
///   `yearly`; "daily" when only the frequency is given) divided by `sy:updateFrequency` (a
///   positive whole number, 1 when absent): `daily` and `2` is every 12 hours. Read in RSS 1.0,
///   RSS 2.0 and Atom alike (WordPress writes it into its RSS 2.0 feeds).
///
/// When both are given, the shorter wins (the feed's earliest hint).
enum UpdateInterval {
    /// Seconds per `sy:updatePeriod` word; months and years as their average lengths.
    static let periods: [String: TimeInterval] = [
        "hourly": 3_600, "daily": 86_400, "weekly": 604_800, "monthly": 2_629_746, "yearly": 31_556_952
    ]

    /// The interval, seconds, that `channel` (RSS `<channel>`, Atom `<feed>`) states; nil for none.
    /// - Parameters:
    ///   - core: the document's core namespace (`<ttl>` is read in it or in none).
    ///   - ttl: whether to read `<ttl>` (RSS only).
    static func read(_ channel: XML.Element, core: String?, ttl: Bool) -> TimeInterval? {
        let minutes = ttl ? channel.child("ttl", core: core)?.trimmedText.flatMap(Self.minutes) : nil
        let period = channel.first([XML.Name(Namespace.syndication, "updatePeriod")])?.trimmedText
        let frequency = channel.first([XML.Name(Namespace.syndication, "updateFrequency")])?.trimmedText
        let syndication = Self.syndication(period: period, frequency: frequency)
        return [minutes.map { $0 * 60 }, syndication].compactMap { $0 }.min()
    }

    /// A `<ttl>` value as minutes: a whole number above 0 (surrounding spaces trimmed); nil otherwise.
    static func minutes(_ text: String) -> TimeInterval? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(text), value > 0
        else { return nil }
        return TimeInterval(value)
    }

    /// `period` / `frequency` in seconds; nil when neither is given or either is unreadable.
    static func syndication(period: String?, frequency: String?) -> TimeInterval? {
        guard period != nil || frequency != nil else { return nil }
        guard let length = periods[(period ?? "daily").lowercased()] else { return nil }
        guard let frequency else { return length }
        guard frequency.count <= 9, frequency.allSatisfy({ $0.isASCII && $0.isNumber }),
            let times = Int(frequency), times > 0
        else { return nil }
        return length / TimeInterval(times)
    }
}
