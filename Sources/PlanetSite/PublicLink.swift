import FeedParser
import Foundation

/// The rule for every URL the site prints as a link (docs/ARCHITECTURE.md, rule 8: no javascript: URL reaches the
/// page): safe by `HTMLSanitizer.safeURL` and absolute (http, https or mailto), since a
/// relative URL from a feed would point into the planet itself.
package enum PublicLink {
    /// `url` when it is a safe absolute link, else nil.
    package static func check(_ url: String?) -> String? {
        guard let url, let safe = HTMLSanitizer.safeURL(url, base: nil),
            let scheme = URL(string: safe)?.scheme?.lowercased(),
            ["http", "https", "mailto"].contains(scheme)
        else { return nil }
        return safe
    }
}
