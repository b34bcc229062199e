import Foundation
import PlanetBase

/// Warnings about feeds.txt: things that are legal but probably not what was meant.
enum FeedListLint {
    /// File extensions of feed files, so `feed.xml/x` is not taken for a host name.
    private static let fileExtensions: Set<String> = [
        "xml", "rss", "rdf", "atom", "json", "txt", "html", "htm", "feed"
    ]

    static func warnings(for list: FeedList) -> [String] {
        let place = list.file.relativePath
        var seen = [String: Int](minimumCapacity: list.lines.count)
        var result: [String] = []
        for (index, line) in list.lines.enumerated() {
            let number = index + 1
            switch line.kind {
            case .setting(let key, _) where SettingKind.known[key] == nil:
                if let suggestion = SettingKind.suggestion(for: key) {
                    result.append(
                        "\(place):\(number): unknown setting '\(key)' "
                            + "(did you mean '\(suggestion)'?); it is ignored")
                } else {
                    let known = SettingKind.known.keys.sorted().joined(separator: ", ")
                    result.append(
                        "\(place):\(number): unknown setting '\(key)' is ignored "
                            + "(known: \(known))")
                }
            case .feedSetting(let key, _) where FeedSettingKind.known[key] == nil:
                if let suggestion = FeedSettingKind.suggestion(for: key) {
                    result.append(
                        "\(place):\(number): unknown feed setting '\(key)' (did you mean "
                            + "'\(suggestion)'?); it is passed to the templates as 'channel_\(key)'")
                }
            case .feed(let subscription):
                let key = FeedURLNormalizer.comparisonKey(subscription.url)
                if let first = seen[key] {
                    let named = subscription.name.map { " as '\($0)'" } ?? ""
                    result.append(
                        "\(place):\(number): '\(subscription.url.displayString)'\(named) is "
                            + "already listed on line \(first); this line is ignored")
                } else {
                    seen[key] = number
                }
                // Only a location without a scheme can look like a host, and it is read as a file.
                guard subscription.url.isFileURL else { continue }
                let trimmed = line.text.trimmingCharacters(in: .whitespaces)
                let location = FeedLineReader.feedParts(of: trimmed).location
                if looksLikeHost(location) {
                    result.append(
                        "\(place):\(number): '\(location)' is read as a file path; "
                            + "write 'https://\(location)' if it is a web address")
                }
            default:
                continue
            }
        }
        return result
    }

    /// `example.org/feed`: a relative path whose first component ends in a top-level-domain-like
    /// label that is not a file extension.
    static func looksLikeHost(_ location: String) -> Bool {
        guard URLScheme.of(location) == nil, !location.hasPrefix("/"),
            !location.hasPrefix(".")
        else { return false }
        let first = location.split(separator: "/", omittingEmptySubsequences: false)[0]
        let labels = first.split(separator: ".")
        guard labels.count >= 2, let last = labels.last else { return false }
        return last.count >= 2 && last.allSatisfy { $0.isASCII && $0.isLetter }
            && !fileExtensions.contains(last.lowercased())
    }
}
