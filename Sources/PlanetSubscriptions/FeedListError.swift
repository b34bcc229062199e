import Foundation
import PlanetBase

/// Why feeds.txt (or a feed location given on the command line) could not be read, edited or
/// written.
///
/// The message puts the place first (`feeds.txt:12:`), values in single quotes, and says what to
/// do. `file` is shown as it was given (`URL.relativePath`), so a path relative to the current
/// folder stays short.
public struct FeedListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Equatable {
        /// The file could not be read; the detail is the system's reason.
        case unreadable(String)
        /// The file does not exist.
        case missing
        /// The bytes are not UTF-8 text.
        case notUTF8
        /// The location is neither an http(s) URL, a `file:` URL nor a file path.
        case badLocation(String)
        /// A URL typed on the command line with a scheme planet does not read (`ftp:`, `feed:`).
        case unsupportedScheme(String, scheme: String)
        /// An http(s) URL without a host name, e.g. `https:///feed`.
        case noHost(String)
        /// A `key = value` line after the first feed; `firstFeed` is that feed's line.
        case settingAfterFeed(key: String, firstFeed: Int)
        /// The same setting twice; `firstLine` is where it was set first.
        case duplicateSetting(key: String, firstLine: Int)
        /// A known setting without a value, e.g. `title =`.
        case emptySetting(key: String)
        /// A `[section]` line: a Planet Venus config.ini pasted into feeds.txt.
        case venusSection(String)
        /// A setting's value does not have the expected shape, e.g. `items_per_page = ten`.
        case badSettingValue(key: String, value: String, expected: String)
        /// `remove` found no feed with that URL or name.
        case notFound(String)
        /// `remove` found several feeds with that name; nothing was removed.
        case ambiguous(String, candidates: [Subscription])
        /// The file could not be written; nothing was changed.
        case unwritable(String)
    }

    /// The file the error is about (nil for a location typed on the command line).
    public var file: URL?
    /// 1-based line number, nil when the error is about the whole file.
    public var line: Int?
    /// What was wrong.
    public var reason: Reason

    /// Creates an error with the given reason, at `file`:`line` when given.
    public init(_ reason: Reason, file: URL? = nil, line: Int? = nil) {
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// `feeds.txt:12: 'htps://example.org/feed' is not an http(s) URL or a file path`
    public var description: String {
        var place = ""
        if let file {
            place = file.relativePath + (line.map { ":\($0)" } ?? "") + ": "
        }
        return place + message
    }

    private var message: String {
        switch reason {
        case .unreadable(let detail):
            return "cannot be read (\(detail))"
        case .missing:
            return "does not exist; create a planet with 'planet init' or pass --config FILE"
        case .notUTF8:
            return "is not UTF-8 text; save it as UTF-8"
        case .badLocation(let text):
            return "'\(QuotedInput.excerpt(text))' is not an http(s) URL or a file path"
        case .unsupportedScheme(let text, let scheme):
            return "'\(QuotedInput.excerpt(text))' uses the scheme '\(scheme):'; planet reads http, https and file URLs"
        case .noHost(let text):
            return "'\(QuotedInput.excerpt(text))' has no host name; write it as 'https://HOST/PATH'"
        case .settingAfterFeed(let key, let firstFeed):
            return "setting '\(QuotedInput.excerpt(key))' comes after the first feed (line \(firstFeed)); "
                + "move it above the feeds, or indent it to make it a setting of the feed above"
        case .duplicateSetting(let key, let firstLine):
            return "setting '\(QuotedInput.excerpt(key))' is already set on line \(firstLine); keep one of them"
        case .emptySetting(let key):
            return "setting '\(QuotedInput.excerpt(key))' has no value"
        case .venusSection(let text):
            return "'\(QuotedInput.excerpt(text))' looks like a Planet Venus config.ini section; "
                + "convert the file with 'planet import config.ini'"
        case .badSettingValue(let key, let value, let expected):
            return "'\(QuotedInput.excerpt(key))' must be \(expected), not '\(QuotedInput.excerpt(value))'"
        case .notFound(let query):
            return "no feed has the URL or name '\(QuotedInput.excerpt(query))'; 'planet list' shows the feeds"
        case .ambiguous(let query, let candidates):
            let list = candidates.map { "line \($0.line): \($0.url.absoluteString)" }
            return "'\(QuotedInput.excerpt(query))' names \(candidates.count) feeds (\(list.joined(separator: ", "))); "
                + "remove one by its URL"
        case .unwritable(let detail):
            return "cannot be written (\(detail)); nothing was changed"
        }
    }
}
