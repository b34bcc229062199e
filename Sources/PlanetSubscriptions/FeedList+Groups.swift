import Foundation

extension FeedList {
    /// The group of each subscription, in `subscriptions` order: the text of a single comment line
    /// (`# Tech / Swift`, as `planet import` writes an OPML folder) right above a feed, for that feed
    /// and the feeds after it until a blank line or the next such comment; nil outside any. A block
    /// of several comment lines (an explanation, as `planet init` writes) is not a group.
    package var groups: [String?] {
        var groups: [String?] = []
        var current: String?
        var seen = Set<String>(minimumCapacity: lines.count)
        for (index, line) in lines.enumerated() {
            switch line.kind {
            case .blank:
                current = nil
            case .comment:
                let previousIsComment = index > 0 && lines[index - 1].kind == .comment
                let nextIsFeed: Bool = {
                    guard index + 1 < lines.count, case .feed = lines[index + 1].kind else { return false }
                    return true
                }()
                if nextIsFeed, !previousIsComment {
                    let text = line.text.drop { $0 == " " || $0 == "\t" }.dropFirst()
                    current = text.trimmingCharacters(in: .whitespaces)
                    if current?.isEmpty == true { current = nil }
                }
            case .feed(let subscription):
                // One per subscription, as `subscriptions` lists them (a repeated URL once).
                if seen.insert(FeedURLNormalizer.comparisonKey(subscription.url)).inserted { groups.append(current) }
            default:
                continue
            }
        }
        return groups
    }
}
