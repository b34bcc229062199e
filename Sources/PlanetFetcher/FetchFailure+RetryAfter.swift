import FeedParser
import Foundation

extension FetchFailure {
    /// The longest wait a `Retry-After` can impose, seconds (24 hours): a server cannot switch a
    /// feed off for longer by sending a huge delay or a far-off date.
    public static let maxRetryAfter: TimeInterval = 86_400

    /// The instant before which the server asked not to be asked again, from `retryAfter`
    /// (RFC 9110 §10.2.3: delay-seconds counted from `now`, or an HTTP-date), at most
    /// ``maxRetryAfter`` after `now`; nil when absent or unreadable.
    /// - Parameter now: the time the response arrived (the build time; never read here).
    public func retryAfterDate(now: Date) -> Date? {
        Self.retryAfterDate(retryAfter, now: now)
    }

    /// ``retryAfterDate(now:)`` of a header value; nil when absent or unreadable (`soon`).
    static func retryAfterDate(_ header: String?, now: Date) -> Date? {
        switch RetryAfter(header) {
        case nil:
            return nil
        case .delay(let seconds)?:
            return now.addingTimeInterval(min(seconds, Self.maxRetryAfter))
        case .date(let date)?:
            return min(date, now.addingTimeInterval(Self.maxRetryAfter))
        }
    }

    /// A `Retry-After` value as read (RFC 9110 §10.2.3), before it is counted from a time.
    enum RetryAfter {
        /// delay-seconds; a number too large for Int is a very long delay (the cap applies).
        case delay(TimeInterval)
        /// An HTTP-date (read liberally, as feed dates are).
        case date(Date)

        /// nil when `header` is absent, empty or neither form (`soon`).
        init?(_ header: String?) {
            guard let value = header?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            if value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) {
                self = .delay(Int(value).map(TimeInterval.init) ?? FetchFailure.maxRetryAfter)
            } else if let date = FeedDateParser.parse(value) {
                self = .date(date)
            } else {
                return nil
            }
        }
    }
}
