import FeedParser
import Foundation

/// What a response says about how long it stays fresh (RFC 9111 §4.2), as its fields were sent:
/// planet is a private cache of the feed, and a fresh copy needs no request.
///
/// - `Cache-Control: max-age=N` (§5.2.2.1) is the freshness lifetime, seconds; it outranks
///   `Expires` (§5.3).
/// - Else `Expires` minus `Date` (§4.2.1; without `Date`, the time the response arrived). An
///   `Expires` that cannot be read, or lies in the past, means "already stale" (§5.3).
/// - `no-cache` and `no-store` (§5.2.2.4, §5.2.2.5) mean no hint at all; `s-maxage` is for
///   shared caches and not read.
/// - `Age` (§5.1) is subtracted: the copy has been that long in caches on the way.
package struct HTTPFreshness: Sendable, Equatable {
    /// The `Cache-Control` field value (repeated lines joined with commas).
    package var cacheControl: String?
    /// The `Expires` field value, an HTTP-date.
    package var expires: String?
    /// The `Date` field value, an HTTP-date (RFC 9110 §6.6.1).
    package var date: String?
    /// The `Age` field value, delta-seconds.
    package var age: String?

    /// The fields as sent; nil when the response had none of them.
    package init?(cacheControl: String? = nil, expires: String? = nil, date: String? = nil, age: String? = nil) {
        guard cacheControl != nil || expires != nil else { return nil }
        self.cacheControl = cacheControl
        self.expires = expires
        self.date = date
        self.age = age
    }

    /// The fields of a response's header dictionary (lower-case names).
    init?(headers: [String: String]) {
        self.init(
            cacheControl: headers["cache-control"], expires: headers["expires"], date: headers["date"],
            age: headers["age"])
    }

    /// How long after it arrived the response stays fresh, seconds (its freshness lifetime minus
    /// its age, RFC 9111 §4.2); nil when it gives no lifetime, forbids reuse (`no-cache`,
    /// `no-store`), or is stale already.
    /// - Parameter received: when the response arrived (the build time), for an `Expires` without `Date`.
    package func freshFor(receivedAt received: Date) -> TimeInterval? {
        let directives = Self.directives(cacheControl ?? "")
        if directives["no-cache"] != nil || directives["no-store"] != nil { return nil }
        let lifetime: TimeInterval
        if let maxAge = directives["max-age"] {
            guard let seconds = maxAge.flatMap(Self.deltaSeconds) else { return nil }
            lifetime = seconds
        } else if let expires {
            guard let end = FeedDateParser.parse(expires) else { return nil }
            let start = date.flatMap { FeedDateParser.parse($0) } ?? received
            lifetime = end.timeIntervalSince(start)
        } else {
            return nil
        }
        let remaining = lifetime - (age.flatMap(Self.deltaSeconds) ?? 0)
        return remaining > 0 ? remaining : nil
    }

    /// The directives of a `Cache-Control` value, names lower-cased, values unquoted (nil for a
    /// directive without `=`); the first of a repeated directive wins.
    static func directives(_ value: String) -> [String: String?] {
        var found: [String: String?] = [:]
        for part in value.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard let first = pieces.first else { continue }
            let name = first.trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty, found[name] == nil else { continue }
            var argument = pieces.count > 1 ? pieces[1].trimmingCharacters(in: .whitespaces) : nil
            if let quoted = argument, quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") {
                argument = String(quoted.dropFirst().dropLast())
            }
            found[name] = .some(argument)
        }
        return found
    }

    /// delta-seconds (RFC 9111 §1.2.2): digits only; a value too large for Int is a very long time.
    static func deltaSeconds(_ text: String) -> TimeInterval? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits).map(TimeInterval.init) ?? TimeInterval(Int32.max)
    }
}
