import Foundation

extension FeedList {
    /// Removes the feed whose URL or display name (case-insensitive) is `query`, with its
    /// indented settings (`FeedSettings`) and the comment lines directly above it; a comment
    /// block above a run of feeds (the next line after the feed's settings is a feed too) heads
    /// the run and stays, and so does the block above the first feed of the file, which heads
    /// them all (`planet init` writes its guidance there: removing the sample feeds keeps it).
    ///
    /// A URL is matched as listed or as written; failing that, `query` is normalized as `add`
    /// does (`FeedURLNormalizer.normalize`: `a.example/3` is `https://a.example/3`) and compared by
    /// `FeedURLNormalizer.comparisonKey`, so `HTTP://A.EXAMPLE/3` removes `http://a.example/3`.
    /// - Parameters:
    ///   - query: a URL or file path, or a display name (case-insensitive).
    ///   - currentDirectory: folder a relative path in `query` is resolved against; nil for the
    ///     folder of feeds.txt.
    /// - Returns: the removed subscription.
    /// - Throws: `.notFound`; `.ambiguous` with the candidates when a name matches several feeds.
    @discardableResult
    package mutating func remove(_ query: String, currentDirectory: URL? = nil) throws(FeedListError) -> Subscription {
        let all = subscriptions
        var matches = all.filter { $0.url.absoluteString == query || locationText(at: $0.line) == query }
        let folder = currentDirectory ?? file.absoluteURL.deletingLastPathComponent()
        if matches.isEmpty,
            let url = try? FeedURLNormalizer.normalize(
                query, currentDirectory: folder,
                isFile: {
                    FileManager.default.fileExists(atPath: $0.path)
                })
        {
            let key = FeedURLNormalizer.comparisonKey(url)
            matches = all.filter { FeedURLNormalizer.comparisonKey($0.url) == key }
        }
        if matches.isEmpty {
            matches = all.filter { $0.name?.caseInsensitiveCompare(query) == .orderedSame }
        }
        guard let match = matches.first else { throw FeedListError(.notFound(query), file: file) }
        guard matches.count == 1 else {
            throw FeedListError(.ambiguous(query, candidates: matches), file: file)
        }
        let index = match.line - 1
        let end = blockEnd(ofFeedAt: index)
        var start = index
        let nextIsFeed = end + 1 < lines.count && lines[end + 1].isFeed
        let isFirstFeed = !lines[..<index].contains(where: \.isFeed)
        if !nextIsFeed, !isFirstFeed {
            while start > 0, case .comment = lines[start - 1].kind { start -= 1 }
        }
        lines.removeSubrange(start...end)
        return match
    }

    /// Points the feed listed with `old` at `new` (e.g. after a permanent redirect), keeping its
    /// name and place. - Returns: false when no feed has the URL `old`.
    @discardableResult
    package mutating func replaceURL(_ old: URL, with new: URL) -> Bool {
        guard let index = lines.firstIndex(where: { $0.subscription?.url == old }),
            var subscription = lines[index].subscription
        else { return false }
        let oldLocation = locationText(at: index + 1)
        let trimmed = lines[index].text.drop(while: { $0 == " " || $0 == "\t" })
        let rest = trimmed.dropFirst(oldLocation.count)
        let indent = lines[index].text.prefix(lines[index].text.count - trimmed.count)
        subscription.url = new
        lines[index] = Line(text: indent + writtenLocation(of: new) + rest, kind: .feed(subscription))
        return true
    }

    /// Sets `key = value`: in place when the key is set, else after the last setting (or above
    /// the feeds). The value is not checked here; `parse` checks it when the file is read again.
    package mutating func setSetting(_ key: String, _ value: String) {
        let key = key.lowercased()
        let line = Line(text: "\(key) = \(value)", kind: .setting(key: key, value: value))
        if let index = lines.firstIndex(where: { $0.settingKey == key }) {
            lines[index] = line
        } else if let last = lines.lastIndex(where: { $0.settingKey != nil }) {
            lines.insert(line, at: last + 1)
        } else if var first = lines.firstIndex(where: \.isFeed) {
            while first > 0, case .comment = lines[first - 1].kind { first -= 1 }
            lines.insert(contentsOf: [line, Line(text: "", kind: .blank)], at: first)
        } else {
            lines.append(line)
        }
    }

    /// Index of the last line of the feed at `index` with its settings: the indented
    /// `key = value` lines that follow it, with comment lines between them (a comment after the
    /// last setting belongs to what follows).
    func blockEnd(ofFeedAt index: Int) -> Int {
        var end = index
        var next = index + 1
        while next < lines.count {
            switch lines[next].kind {
            case .feedSetting: end = next
            case .comment: break
            default: return end
            }
            next += 1
        }
        return end
    }

    /// The location as written on the 1-based line `number` (its first word).
    private func locationText(at number: Int) -> String {
        let trimmed = lines[number - 1].text.trimmingCharacters(in: .whitespaces)
        return FeedLineReader.feedParts(of: trimmed).location
    }

    /// A relative path for files inside the folder of feeds.txt, else the absolute URL.
    func writtenLocation(of url: URL) -> String {
        let folder = file.absoluteURL.deletingLastPathComponent().standardizedFileURL.path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        if url.isFileURL, url.path.hasPrefix(prefix), !url.path.contains(" ") {
            return String(url.path.dropFirst(prefix.count))
        }
        return url.absoluteString
    }

    /// Column where names start on the last named feed line; nil when there is none.
    var nameColumn: Int? {
        for line in lines.reversed() {
            guard let subscription = line.subscription, let name = subscription.name,
                let range = line.text.range(of: name, options: .backwards)
            else { continue }
            return line.text.distance(from: line.text.startIndex, to: range.lowerBound)
        }
        return nil
    }
}

extension FeedList.Line {
    /// The feed of a feed line, else nil.
    package var subscription: Subscription? {
        if case .feed(let subscription) = kind { return subscription }
        return nil
    }

    /// The key of a setting line, else nil.
    package var settingKey: String? {
        if case .setting(let key, _) = kind { return key }
        return nil
    }

    var isFeed: Bool { subscription != nil }
}
