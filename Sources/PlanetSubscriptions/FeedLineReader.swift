import FeedParser
import Foundation
import PlanetBase

/// Reads feeds.txt one line at a time and enforces the rules that span lines: settings come
/// before the first feed and each is set once; an indented `key = value` line after a feed is a
/// setting of that feed (`FeedSettings`), each key once per feed except `include`/`exclude`.
struct FeedLineReader {
    /// Folder of feeds.txt, for relative paths.
    let base: URL
    private var firstFeedLine: Int?
    private var settingLines: [String: Int] = [:]
    /// Keys of the current feed's settings and the line each was set on.
    private var feedSettingLines: [String: Int] = [:]

    init(base: URL) {
        self.base = base
    }

    /// Classifies one line (without its line ending).
    /// - Throws: `FeedListError` without file and line (the caller adds them).
    mutating func read(_ text: String, number: Int) throws(FeedListError) -> FeedList.Line {
        let trimmed = text.trimmingSpaces()
        if trimmed.isEmpty { return FeedList.Line(text: text, kind: .blank) }
        if trimmed.hasPrefix("#") { return FeedList.Line(text: text, kind: .comment) }
        if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
            throw FeedListError(.venusSection(trimmed))
        }
        if let (key, value) = Self.setting(in: trimmed) {
            if firstFeedLine != nil, text.first == " " || text.first == "\t" {
                return try readFeedSetting(text, key: key, value: value, number: number)
            }
            if let firstFeedLine {
                throw FeedListError(.settingAfterFeed(key: key, firstFeed: firstFeedLine))
            }
            if let firstLine = settingLines[key], !SettingKind.repeatable.contains(key) {
                throw FeedListError(.duplicateSetting(key: key, firstLine: firstLine))
            }
            if SettingKind.known[key] != nil, value.isEmpty {
                throw FeedListError(.emptySetting(key: key))
            }
            if let kind = SettingKind.known[key], let expected = kind.problem(with: value) {
                throw FeedListError(.badSettingValue(key: key, value: value, expected: expected))
            }
            if settingLines[key] == nil { settingLines[key] = number }
            return FeedList.Line(text: text, kind: .setting(key: key, value: value))
        }
        let (location, name) = Self.feedParts(of: trimmed)
        if location == "list", let target = name, URLScheme.hasHTTPScheme(target) {
            let url = try FeedLocation.resolve(target, base: base)
            if firstFeedLine == nil { firstFeedLine = number }
            feedSettingLines = [:]
            return FeedList.Line(text: text, kind: .readingList(url))
        }
        let url = try FeedLocation.resolve(location, base: base)
        if firstFeedLine == nil { firstFeedLine = number }
        feedSettingLines = [:]
        let subscription = Subscription(url: url, name: name, line: number)
        return FeedList.Line(text: text, kind: .feed(subscription))
    }

    /// An indented `key = value` under a feed: a known key must have a value of its shape and
    /// be set once (`include`/`exclude` may repeat); an unknown key is kept as written.
    private mutating func readFeedSetting(
        _ text: String, key: String, value: String,
        number: Int
    ) throws(FeedListError) -> FeedList.Line {
        if let kind = FeedSettingKind.known[key] {
            if let firstLine = feedSettingLines[key], !FeedSettingKind.repeatable.contains(key) {
                throw FeedListError(.duplicateSetting(key: key, firstLine: firstLine))
            }
            if let expected = kind.problem(with: value) {
                throw FeedListError(.badSettingValue(key: key, value: value, expected: expected))
            }
        }
        if feedSettingLines[key] == nil { feedSettingLines[key] = number }
        return FeedList.Line(text: text, kind: .feedSetting(key: key, value: value))
    }

    /// `key = value` when the text before the first `=` is a bare word (letters, digits, `_`,
    /// `-`, `.`, starting with a letter); a URL or path has `:` or `/` there and is a feed.
    static func setting(in trimmed: String) -> (key: String, value: String)? {
        guard let equals = isASCII(trimmed) ? trimmed.utf8.firstIndex(of: 0x3D) : trimmed.firstIndex(of: "=")
        else { return nil }
        let key = trimmed[..<equals].trimmingSpaces()
        guard let first = key.first, first.isASCII, first.isLetter,
            key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) })
        else { return nil }
        let value = trimmed[trimmed.index(after: equals)...].trimmingSpaces()
        return (key.lowercased(), value)
    }

    /// The location (first word) and the display name (the rest up to a comment, nil when
    /// empty), read by `DisplayName`'s rule: a `#` after a blank starts a comment
    /// (`https://a.org/f  Jane  # her blog`); a `#` inside a word (`https://a.org/f#top`,
    /// `C# Weekly`) does not; `\#` is a `#` in the name.
    static func feedParts(of trimmed: String) -> (location: String, name: String?) {
        let blank =
            isASCII(trimmed)
            ? trimmed.utf8.firstIndex { $0 == 0x20 || $0 == 0x09 }
            : trimmed.firstIndex { $0 == " " || $0 == "\t" }
        guard let space = blank else { return (trimmed, nil) }
        return (String(trimmed[..<space]), DisplayName.read(trimmed[space...]))
    }

    /// Whether `text` is ASCII. Then every character is one byte (a line holds no line feed, so
    /// no CR LF pair), and a byte search finds what a character search finds, much faster.
    /// Eight bytes at a time over the contiguous UTF-8 of a native String or Substring (every
    /// feeds.txt line asks, three times).
    static func isASCII<Text: StringProtocol>(_ text: Text) -> Bool {
        let contiguous = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            var index = 0
            while index + 8 <= bytes.count {
                if WordScan.hasNonASCII(WordScan.load(base, index)) != 0 { return false }
                index += 8
            }
            while index < bytes.count {
                if base[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }
        return contiguous ?? text.utf8.allSatisfy { $0 < 0x80 }
    }
}
