/// When `Feed.parse` sanitizes entries' `summary` and `content`.
///
/// Sanitizing is most of the cost of parsing a feed, and a planet shows a page of entries out of
/// thousands: a caller that stores entries and prints only some of them parses with `.deferred`
/// and sanitizes the ones it shows with `Entry.sanitizingHTML()`, which gives byte for byte what
/// `.eager` would have.
public enum HTMLSanitizing: Sendable, Equatable {
    /// `summary` and `content` are sanitized HTML with absolute URLs (the parse contract).
    case eager
    /// `summary` and `content` are the raw HTML fragments the sanitizer would have been given
    /// (NOT safe to print), with the base URL in `Entry.htmlBase`; pass the entry through
    /// `Entry.sanitizingHTML()` (or each field through `HTMLSanitizer.sanitizeEntryHTML(_:base:)`)
    /// before any of it leaves the program.
    case deferred
}
