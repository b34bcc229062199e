import Foundation

/// A feed's `poll_interval` setting: how long after a fetch the feed is next fetched, whatever
/// its server says (rawdog's `feed 3h URL`). Written as a whole number with a unit, `30m`, `3h`,
/// `1d` (also `s` and `w`), or plain seconds (`900`); at most a year.
enum PollInterval {
    /// Seconds per unit letter.
    static let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
    /// The longest interval accepted, seconds (365 days): a typo such as `300d` still ends.
    static let longest: TimeInterval = 365 * 86_400

    /// What `poll_interval` must be, in words for the error message.
    static let expected = "a duration such as '30m', '3h', '1d' or a number of seconds, at most 365 days"

    /// The interval `text` gives, seconds; nil when it is not one (`expected`).
    static func seconds(_ text: String) -> TimeInterval? {
        var digits = text.trimmingCharacters(in: .whitespaces).lowercased()
        var unit: TimeInterval = 1
        if let last = digits.last, let seconds = units[last] {
            unit = seconds
            digits.removeLast()
        }
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let count = Int(digits), count > 0
        else { return nil }
        let seconds = TimeInterval(count) * unit
        return seconds <= longest ? seconds : nil
    }
}
