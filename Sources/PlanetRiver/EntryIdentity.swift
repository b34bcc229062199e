import PlanetSubscriptions

/// Which entry ids name a post across the whole web, and which only within their feed.
///
/// RSS 2.0 lets a `<guid>` be any string unique *within its channel* (RSS 2.0 spec, `<guid>`), so
/// two blogs can both number their posts "1"; an Atom id must be an absolute IRI, unique
/// everywhere (RFC 4287 §4.2.6). The river deduplicates by ids across feeds only when they are
/// absolute IRIs, and the merged feeds publish the others under an id scoped to their feed.
package enum EntryIdentity {
    /// True when `id` is an absolute IRI (a scheme, then `:`, as `FeedLocation.scheme(of:)` reads
    /// it; RFC 3987 §2.2) without spaces, angle brackets or quotes, and not a local
    /// `file:` path (a relative id resolved against a feed read from disk).
    package static func isGlobal(_ id: String) -> Bool {
        guard let scheme = FeedLocation.scheme(of: id), scheme.lowercased() != "file" else { return false }
        return !id.contains { $0 == " " || $0 == "<" || $0 == ">" || $0 == "\"" }
    }

    /// The key the river deduplicates `id` by: the id itself when it is global, else the id
    /// within its feed (`feedURL`, a separator no URL holds, then the id).
    static func riverKey(_ id: String, feedURL: String) -> String {
        isGlobal(id) ? id : feedURL + "\u{1F}" + id
    }
}
