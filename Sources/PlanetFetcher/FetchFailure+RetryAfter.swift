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
        guard let value = header?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        let date: Date?
        if value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) {
            // A number too large for Int is a very long delay: the cap.
            date = now.addingTimeInterval(Int(value).map(TimeInterval.init) ?? Self.maxRetryAfter)
        } else {
            date = FeedDateParser.parse(value)
        }
        return date.map { min($0, now.addingTimeInterval(Self.maxRetryAfter)) }
    }
}
