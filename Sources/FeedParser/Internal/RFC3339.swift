import Foundation

/// RFC 3339 §5.6 timestamps in UTC with whole seconds: `2024-01-02T03:04:05Z`.
enum RFC3339 {
    /// The instant in UTC, fractional seconds dropped (floored). Years outside 0000–9999 are clamped.
    static func utcString(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                            from: Date(timeIntervalSince1970: seconds))
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(max(0, value ?? 0))
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let year = min(9999, parts.year ?? 0)
        return "\(pad(year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))Z"
    }
}
