import FeedParser
import Foundation

extension CachedEntry {
    /// `entries` with summary and content sanitized (`Entry.sanitizingHTML()`, byte for byte what
    /// an eager parse gives), in the same order. The work is split over up to
    /// `ProcessInfo.activeProcessorCount` concurrent tasks by `Entry.sanitizingHTML(_:lanes:)`.
    ///
    /// The cache stores entries as parsed with `HTMLSanitizing.deferred` (raw HTML) and sanitizes
    /// only what is read out of it whole; rows of a v1 cache hold sanitized HTML, which this leaves
    /// unchanged.
    static func sanitizing(_ entries: [CachedEntry], options: EntryHTMLOptions = .standard) async -> [CachedEntry] {
        let sanitized = await Entry.sanitizingHTML(entries.map(\.entry), options: options)
        return zip(entries, sanitized).map { cached, entry in
            var cached = cached
            cached.entry = entry
            return cached
        }
    }
}
