/// RSS element names written in another case (`<Title>`, `<PubDate>`, `<pubdate>`): XML names are
/// case-sensitive, but the RSS 2.0 specification's elements have one spelling each and no other
/// element of the core vocabulary differs from one of them only in case, so a name that matches
/// one of them ignoring case is that element (as Universal Feed Parser reads them).
///
/// Only the core vocabulary is renamed (elements in no namespace, RSS 1.0's or RSS 0.90's), and
/// only where RSS puts it: the root, the channel, items, the image and text input, and their
/// children; the markup inside a description is never touched.
enum RSSNames {
    /// The spellings of RSS 2.0's elements (and RSS 1.0's `textinput`, the 0.9x `rating`).
    static let canonical: Set<String> = [
        "rss", "channel", "item", "title", "link", "description", "language", "copyright",
        "managingEditor", "webMaster", "pubDate", "lastBuildDate", "category", "generator", "docs",
        "cloud", "ttl", "image", "url", "width", "height", "rating", "textInput", "textinput",
        "skipHours", "skipDays", "hour", "day", "name", "author", "comments", "enclosure", "guid",
        "source", "summary", "tags"
    ]

    private static let byLowercase: [String: String] = {
        var table: [String: String] = [:]
        for name in canonical where name != "textinput" { table[name.lowercased()] = name }
        return table
    }()

    /// Containers whose children are RSS elements.
    private static let containers: Set<String> = ["rss", "channel", "item", "image", "textInput", "textinput", "RDF"]

    /// `root` with the core elements' names in their RSS spelling; `root` itself when none differs.
    static func normalized(_ root: XML.Element) -> XML.Element {
        renamed(root) ?? root
    }

    private static func isCore(_ namespace: String?) -> Bool {
        namespace == nil || namespace == Namespace.rss10 || namespace == Namespace.rss090
    }

    /// The RSS spelling of `name` when it differs from it only in case, else nil.
    private static func spelling(_ name: String) -> String? {
        guard !canonical.contains(name), let known = byLowercase[name.lowercased()] else { return nil }
        return known
    }

    /// The element renamed, its container children too; nil when nothing changed.
    private static func renamed(_ element: XML.Element) -> XML.Element? {
        var copy = element
        var changed = false
        if isCore(element.namespace), let name = spelling(element.name) {
            copy.name = name
            changed = true
        }
        guard containers.contains(copy.name), isCore(element.namespace) || element.namespace == Namespace.rdf else {
            return changed ? copy : nil
        }
        for (index, node) in element.children.enumerated() {
            guard case .element(let child) = node else { continue }
            if let child = renamed(child) {
                copy.children[index] = .element(child)
                changed = true
            }
        }
        return changed ? copy : nil
    }
}
