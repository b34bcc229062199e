import FeedParser
import Foundation

extension CachedEntry {
    /// `entries` with summary and content sanitized (`Entry.sanitizingHTML()`, byte for byte what
    /// an eager parse gives), in the same order. The work is split over up to
    /// `ProcessInfo.activeProcessorCount` concurrent tasks.
    ///
    /// The cache stores entries as parsed with `HTMLSanitizing.deferred` (raw HTML) and sanitizes
    /// only what is read out of it whole; rows of a v1 cache hold sanitized HTML, which this leaves
    /// unchanged.
    static func sanitizing(_ entries: [CachedEntry]) async -> [CachedEntry] {
        let lanes = min(entries.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        if lanes <= 1 { return entries.map(sanitizing) }
        let size = (entries.count + lanes - 1) / lanes
        return await withTaskGroup(of: (Int, [CachedEntry]).self) { group in
            for start in stride(from: 0, to: entries.count, by: size) {
                let chunk = Array(entries[start..<min(start + size, entries.count)])
                group.addTask { (start, chunk.map(sanitizing)) }
            }
            var result = entries
            for await (start, chunk) in group {
                result.replaceSubrange(start..<start + chunk.count, with: chunk)
            }
            return result
        }
    }

    private static func sanitizing(_ cached: CachedEntry) -> CachedEntry {
        var cached = cached
        cached.entry = cached.entry.sanitizingHTML()
        return cached
    }
}
