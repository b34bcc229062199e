import FeedParser
import Foundation

extension FetchFailure {
    /// The instant before which the server asked not to be asked again, from `retryAfter`
    /// (RFC 9110 §10.2.3: delay-seconds counted from `now`, or an HTTP-date); nil when absent or
    /// unreadable.
    /// - Parameter now: the time the response arrived (the build time; never read here).
    public func retryAfterDate(now: Date) -> Date? {
        guard let value = retryAfter?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) {
            return Int(value).map { now.addingTimeInterval(TimeInterval($0)) }
        }
        return FeedDateParser.parse(value)
    }
}
