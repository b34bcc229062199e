import Foundation
import PlanetBase

/// Writes a subscription list as OPML 2.0 (opml.org/spec2: "subscription lists"), the format
/// feed readers import.
public enum OPMLWriter {
    /// One `<outline type="rss" text="…" title="…" xmlUrl="…"/>` per feed, in file order, its URL
    /// without user and password (`URL.displayString`); the
    /// head carries `title` ("planet subscriptions" when nil), `ownerName` and `ownerEmail`. No `dateCreated`,
    /// so the same list always gives the same bytes.
    /// - Returns: the document, UTF-8, ending in a newline.
    public static func document(
        title: String?, ownerName: String? = nil, ownerEmail: String? = nil,
        subscriptions: [Subscription]
    ) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<opml version=\"2.0\">", "  <head>"]
        lines.append("    <title>\(escape(title ?? "planet subscriptions"))</title>")
        if let ownerName { lines.append("    <ownerName>\(escape(ownerName))</ownerName>") }
        if let ownerEmail { lines.append("    <ownerEmail>\(escape(ownerEmail))</ownerEmail>") }
        lines.append("  </head>")
        lines.append("  <body>")
        for subscription in subscriptions {
            // Without userinfo: an exported list is shared, a password in a feed URL stays in
            // feeds.txt (docs/ARCHITECTURE.md, rule 7).
            let shown = subscription.url.displayString
            let text = escape(subscription.name ?? shown)
            lines.append(
                "    <outline type=\"rss\" text=\"\(text)\" title=\"\(text)\" "
                    + "xmlUrl=\"\(escape(shown))\"/>")
        }
        lines.append("  </body>")
        lines.append("</opml>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escapes text for element content and double-quoted attributes (XML 1.0 §2.4), tab, LF and
    /// CR as character references, without the characters XML 1.0 forbids (`MarkupEscaping.opml`).
    static func escape(_ text: String) -> String {
        MarkupEscaping.opml.escaped(text)
    }
}
