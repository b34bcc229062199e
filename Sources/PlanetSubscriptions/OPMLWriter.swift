import Foundation
import PlanetBase

/// Writes a subscription list as OPML 2.0 (opml.org/spec2: "subscription lists"), the format
/// feed readers import.
package enum OPMLWriter {
    /// One `<outline type="rss" text="…" title="…" xmlUrl="…"/>` per feed, in file order, its URL
    /// without user and password (`URL.displayString`); the
    /// head carries `title` ("planet subscriptions" when nil), `ownerName` and `ownerEmail`. No `dateCreated`,
    /// so the same list always gives the same bytes.
    /// - Returns: the document, UTF-8, ending in a newline.
    ///
    /// A feed's `link` setting is its `htmlUrl`, its `category` setting (`a, b`) its `category`
    /// attribute; `groups` (one per subscription, `Tech / Swift`, nil for none: `FeedList.groups`)
    /// become nested folder outlines, so `planet import` reads the same list back.
    package static func document(
        title: String?, ownerName: String? = nil, ownerEmail: String? = nil,
        subscriptions: [Subscription], groups: [String?] = []
    ) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<opml version=\"2.0\">", "  <head>"]
        lines.append("    <title>\(escape(title ?? "planet subscriptions"))</title>")
        if let ownerName { lines.append("    <ownerName>\(escape(ownerName))</ownerName>") }
        if let ownerEmail { lines.append("    <ownerEmail>\(escape(ownerEmail))</ownerEmail>") }
        lines.append("  </head>")
        lines.append("  <body>")
        var open: [String] = []
        for (index, subscription) in subscriptions.enumerated() {
            let folders = (index < groups.count ? groups[index] : nil)?.components(separatedBy: " / ") ?? []
            while !open.isEmpty, open != Array(folders.prefix(open.count)) {
                open.removeLast()
                lines.append(String(repeating: "  ", count: open.count + 2) + "</outline>")
            }
            for folder in folders.dropFirst(open.count) {
                lines.append(String(repeating: "  ", count: open.count + 2) + "<outline text=\"\(escape(folder))\">")
                open.append(folder)
            }
            lines.append(String(repeating: "  ", count: open.count + 2) + outline(subscription))
        }
        for depth in stride(from: open.count - 1, through: 0, by: -1) {
            lines.append(String(repeating: "  ", count: depth + 2) + "</outline>")
        }
        lines.append("  </body>")
        lines.append("</opml>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func outline(_ subscription: Subscription) -> String {
        // Without userinfo: an exported list is shared, a password in a feed URL stays in
        // feeds.txt (docs/ARCHITECTURE.md, rule 7).
        let shown = subscription.url.displayString
        let text = escape(subscription.name ?? shown)
        var line =
            "<outline type=\"rss\" text=\"\(text)\" title=\"\(text)\" "
            + "xmlUrl=\"\(escape(shown))\""
        if let site = subscription.settings["link"], URLScheme.hasHTTPScheme(site) {
            line += " htmlUrl=\"\(escape(site))\""
        }
        if let categories = subscription.settings["category"] {
            let list = categories.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            line += " category=\"\(escape(list.joined(separator: ",")))\""
        }
        return line + "/>"
    }

    /// Escapes text for element content and double-quoted attributes (XML 1.0 §2.4), tab, LF and
    /// CR as character references, without the characters XML 1.0 forbids (`MarkupEscaping.opml`).
    static func escape(_ text: String) -> String {
        MarkupEscaping.opml.escaped(text)
    }
}
