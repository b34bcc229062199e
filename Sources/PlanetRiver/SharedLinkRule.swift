/// Which of the entries sharing a link (`DuplicateLink.key`) the river keeps, once copies sharing
/// an id are gone (docs/ARCHITECTURE.md, rule 5). Entries are offered in the river's order of
/// preference (the author's copy first, then the one seen first); the first of a link is kept.
/// A later one is dropped as another copy of that post, except:
///
/// - an entry of the same feed as every entry kept for that link, when all of them and it are in
///   the feed's latest document: a feed that lists several items with distinct ids and one link
///   (a news index page, a podcast whose episodes all link to the show) gives distinct posts, not
///   copies (a feed that changes an item's guid lists only the new one, so the old copy, fallen
///   off the document, still goes);
/// - an entry of a feed with `allow_duplicates = yes` (rawdog's `allowduplicates`): its entries
///   are never compared by link, only by id.
struct SharedLinkRule {
    /// The feed of the entries kept for a link, and whether they all were in its latest document.
    private var kept: [String: (feedURL: String, inDocument: Bool)] = [:]

    /// True when `item` stays; records it when it does.
    mutating func keeps(_ item: RiverEntry, inDocument: Bool) -> Bool {
        guard !item.source.allowsDuplicateLinks, let link = item.entry.link, !link.isEmpty else { return true }
        let key = DuplicateLink.key(link) ?? link
        guard let first = kept[key] else {
            kept[key] = (item.source.feedURL, inDocument)
            return true
        }
        return first.feedURL == item.source.feedURL && first.inDocument && inDocument
    }
}
