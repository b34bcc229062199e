import Foundation

extension Entry {
    /// `entries.map { $0.sanitizingHTML() }`, byte for byte, with the work split over up to `lanes`
    /// concurrent tasks (contiguous chunks of about equal HTML size), order kept.
    ///
    /// Sanitizing is per entry and independent (libxml2's HTML parser, one parser context per
    /// fragment), so it parallelizes without shared state.
    /// - Parameters:
    ///   - entries: entries parsed with `HTMLSanitizing.deferred` (sanitized ones pass unchanged:
    ///     `sanitizingHTML()` is idempotent).
    ///   - lanes: tasks at most, default `ProcessInfo.activeProcessorCount`; 1 sanitizes in the
    ///     calling task.
    ///   - options: what the planet's settings change (`EntryHTMLOptions`).
    /// - Returns: the sanitized entries, in the order of `entries`.
    public static func sanitizingHTML(
        _ entries: [Entry],
        lanes: Int = ProcessInfo.processInfo.activeProcessorCount, options: EntryHTMLOptions = .standard
    ) async -> [Entry] {
        await ConcurrentChunks.map(entries, lanes: lanes, weight: \.htmlWeight) { $0.sanitizingHTML(options: options) }
    }

    /// About what sanitizing this entry costs: bytes of raw HTML, plus a fixed part for the
    /// per-entry work (base URL, parser set-up).
    var htmlWeight: Int {
        256 + (summary?.utf8.count ?? 0) + (content?.utf8.count ?? 0)
    }
}
