import Foundation

/// feeds.txt, line by line: settings, feeds, comments and blank lines in file order.
///
/// The model keeps every line's text, so an edit (`add`, `remove`, `replaceURL`, `setSetting`)
/// changes only the lines it is about and `serialized()` gives back every comment, blank line,
/// setting and the order of feeds as they were. Format (README.md, "feeds.txt"):
///
/// ```
/// # comment
/// title = Planet Example            (settings: before the first feed)
/// https://blog.example.com/feed.xml   Jane Doe
///     face = jane.png                 (indented: a setting of the feed above, `FeedSettings`)
/// feeds/local.xml                    (a path relative to the folder of feeds.txt)
/// ```
package struct FeedList: Sendable, Equatable {
    /// One line of the file: its text as written and what it was read as.
    package struct Line: Sendable, Equatable {
        /// What a line is.
        package enum Kind: Sendable, Equatable {
            case blank
            /// A line whose first non-blank character is `#`.
            case comment
            /// `key = value` (key lower-cased, value trimmed) before the first feed.
            case setting(key: String, value: String)
            /// An indented `key = value` after a feed: a setting of the nearest feed line above.
            case feedSetting(key: String, value: String)
            /// `list URL`: a reading list, a remote OPML whose feeds are subscribed as if listed
            /// (Planet Venus `content_type = opml`).
            case readingList(URL)
            /// A feed; its `line` is set to the line's current position by `subscriptions`.
            case feed(Subscription)
        }

        /// The line as it stands in the file, without the line ending.
        package var text: String
        /// What the line was read as.
        package var kind: Kind

        /// Creates a line with the given text and kind.
        package init(text: String, kind: Kind) {
            self.text = text
            self.kind = kind
        }
    }

    /// The file the list was read from; relative feed paths resolve against its folder.
    package var file: URL
    /// Every line, in file order.
    package var lines: [Line]
    /// `\n`, or `\r\n` when the file was written with CRLF line endings.
    package var lineEnding: String

    /// Creates a list for `file` with the given lines; empty with `\n` line endings by default.
    package init(file: URL, lines: [Line] = [], lineEnding: String = "\n") {
        self.file = file
        self.lines = lines
        self.lineEnding = lineEnding
    }

    /// The settings, from the `key = value` lines.
    package var settings: Settings {
        var values: [String: String] = [:]
        var rules: [String: [String]] = [:]
        for line in lines {
            guard case .setting(let key, let value) = line.kind else { continue }
            if SettingKind.repeatable.contains(key) {
                rules[key, default: []].append(value)
                if values[key] == nil { values[key] = value }
            } else {
                values[key] = value
            }
        }
        var settings = Settings(values: values)
        settings.include = (rules["include"] ?? []).compactMap { try? EntryFilter.parse($0) }
        settings.exclude = (rules["exclude"] ?? []).compactMap { try? EntryFilter.parse($0) }
        return settings
    }

    /// The feeds in file order, each with its current 1-based line number. A feed listed twice
    /// (URLs equal by `FeedURLNormalizer.comparisonKey`) counts once: the first line; `warnings`
    /// names the second.
    package var subscriptions: [Subscription] {
        var seen = Set<String>(minimumCapacity: lines.count)
        var result: [Subscription] = []
        for (index, line) in lines.enumerated() {
            guard case .feed(var subscription) = line.kind else { continue }
            guard seen.insert(FeedURLNormalizer.comparisonKey(subscription.url)).inserted else { continue }
            subscription.line = index + 1
            result.append(subscription)
        }
        return result
    }

    /// The reading lists (`list URL` lines), in file order.
    package var readingLists: [URL] {
        lines.compactMap { line in
            if case .readingList(let url) = line.kind { return url }
            return nil
        }
    }

    /// Problems that do not stop a build: unknown settings, a URL listed twice, a path that looks
    /// like a web address. Each starts with `file:line:`.
    package var warnings: [String] {
        FeedListLint.warnings(for: self)
    }

    /// The file's text: every line as held, each followed by `lineEnding`.
    package func serialized() -> String {
        lines.map { $0.text + lineEnding }.joined()
    }

    /// Reads feeds.txt.
    /// - Parameter url: file URL of feeds.txt; messages show it as `url.relativePath`.
    /// - Throws: `FeedListError` with `.missing`, `.unreadable`, `.notUTF8`, or any error of `parse`.
    package static func load(_ url: URL) throws(FeedListError) -> FeedList {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            throw FeedListError(.missing, file: url)
        } catch {
            let detail = (error as? CocoaError)?.underlying?.localizedDescription
            throw FeedListError(.unreadable(detail ?? error.localizedDescription), file: url)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FeedListError(.notUTF8, file: url)
        }
        return try parse(text, file: url)
    }

    /// `text` split at each line feed, empty lines kept (`split(separator: 0x0A,
    /// omittingEmptySubsequences: false)` on its UTF-8), each line feed found by memchr.
    static func lines(of text: String) -> [Substring] {
        var text = text
        let offsets = text.withUTF8 { buffer -> [Int] in
            var ends: [Int] = []
            guard let base = buffer.baseAddress else { return ends }
            var next = 0
            while next < buffer.count, let found = memchr(base + next, 0x0A, buffer.count - next) {
                let offset = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                ends.append(offset)
                next = offset + 1
            }
            return ends
        }
        var result: [Substring] = []
        result.reserveCapacity(offsets.count + 1)
        var start = text.startIndex
        for offset in offsets {
            // A line feed is one byte of its own in UTF-8: its offset is a character boundary.
            let end = text.utf8.index(text.startIndex, offsetBy: offset)
            result.append(text[start..<end])
            start = text.utf8.index(after: end)
        }
        result.append(text[start...])
        return result
    }

    /// Whether the bytes hold a CR LF pair (each CR found by memchr over contiguous UTF-8).
    static func containsCRLF(_ bytes: Substring.UTF8View) -> Bool {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer -> Bool in
            guard var next = buffer.baseAddress else { return false }
            let end = next + buffer.count
            while next < end, let found = memchr(next, 0x0D, end - next) {
                let cr = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                if cr + 1 < end, cr[1] == 0x0A { return true }
                next = cr + 1
            }
            return false
        }
        if let contiguous { return contiguous }
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == 0x0D, byte == 0x0A { return true }
            previous = byte
        }
        return false
    }

    /// Reads the text of feeds.txt.
    /// - Parameters:
    ///   - text: the whole file; a leading BOM is ignored, CRLF line endings are kept.
    ///   - file: where the text came from: relative paths resolve against its folder.
    /// - Throws: `FeedListError` with the line: `.badLocation`, `.noHost`, `.settingAfterFeed`,
    ///   `.duplicateSetting`, `.badSettingValue`.
    package static func parse(_ text: String, file: URL) throws(FeedListError) -> FeedList {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        let lineEnding = Self.containsCRLF(body.utf8) ? "\r\n" : "\n"
        // "\r\n" is one Character in Swift, so CRLF is folded before splitting. After that every
        // line feed is a character of its own (Unicode breaks before and after LF, except in CR LF),
        // so the text is split on its bytes.
        let unified = lineEnding == "\n" ? String(body) : body.replacingOccurrences(of: "\r\n", with: "\n")
        var rawLines =
            lineEnding == "\r\n" && containsCRLF(Substring(unified).utf8)
            // "\r\r\n" folds to a new CR LF pair, one character that is no line feed: split as characters.
            ? unified.split(separator: "\n", omittingEmptySubsequences: false)
            : lines(of: unified)
        if rawLines.last == "" { rawLines.removeLast() }
        var list = FeedList(file: file, lineEnding: lineEnding)
        var reader = FeedLineReader(base: file.absoluteURL.deletingLastPathComponent())
        var lastFeed: Int?
        for (index, raw) in rawLines.enumerated() {
            let text = String(raw)
            let line: Line
            do {
                line = try reader.read(text, number: index + 1)
            } catch {
                throw FeedListError(error.reason, file: file, line: index + 1)
            }
            switch line.kind {
            case .feed:
                lastFeed = list.lines.count
            case .feedSetting(let key, let value):
                if let lastFeed, case .feed(var subscription) = list.lines[lastFeed].kind {
                    subscription.settings.pairs.append(FeedSettings.Pair(key: key, value: value))
                    if key == "name", let name = DisplayName.finished(value) { subscription.name = name }
                    list.lines[lastFeed].kind = .feed(subscription)
                }
            default:
                break
            }
            list.lines.append(line)
        }
        return list
    }
}
