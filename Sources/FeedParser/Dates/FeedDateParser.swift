import Foundation

/// Reads the dates found in feeds. STUB: RFC 3339 only, until the liberal parser lands.
public enum FeedDateParser {
    /// Parses a date as feeds write it (RFC 822/1123 and variants, RFC 3339, W3C-DTF, Unix time).
    /// - Returns: the instant, or nil when the text cannot be read as a date.
    public static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
