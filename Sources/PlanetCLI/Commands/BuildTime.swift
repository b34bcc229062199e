import Foundation

/// The build time from `--now` or `SOURCE_DATE_EPOCH` (reproducible-builds.org spec: decimal
/// seconds since the Unix epoch, UTC); nil means the clock.
enum BuildTime {
    /// - Throws: `UsageError` when `--now` is not RFC 3339 or `SOURCE_DATE_EPOCH` is not a number.
    static func resolve(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Date? {
        if let text = arguments.value(BuildCommand.now) {
            guard let date = parseRFC3339(text) else {
                throw arguments.error(
                    "'--now' must be an RFC 3339 time such as "
                        + "'2024-01-02T03:04:05Z', not '\(text)'")
            }
            return date
        }
        if let text = environment["SOURCE_DATE_EPOCH"], !text.isEmpty {
            guard let seconds = Int64(text), seconds >= 0 else {
                throw arguments.error(
                    "SOURCE_DATE_EPOCH must be a whole number of seconds since "
                        + "1970-01-01T00:00:00Z, not '\(text)'")
            }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return nil
    }

    /// RFC 3339 §5.6 `date-time`, with or without fractional seconds.
    static func parseRFC3339(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
