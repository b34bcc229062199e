import Foundation

/// An entry's summary or content while a reader maps it: sanitized HTML (`.eager`), or the raw
/// fragment the sanitizer will be given later (`.deferred`), with the base URL of both.
struct EntryHTML: Equatable {
    var html: String
    /// xml:base of the element, else the document URL, else the feed's site link.
    var base: URL?
    var isSanitized: Bool

    /// The field sanitized (`HTMLSanitizer.sanitizeEntryHTML`); nil when nothing is left.
    func sanitized() -> EntryHTML? {
        if isSanitized { return self }
        return HTMLSanitizer.sanitizeEntryHTML(html, base: base).map {
            EntryHTML(html: $0, base: base, isSanitized: true)
        }
    }

    /// True when `field` is nil or sanitizes to nothing. A raw field is sanitized to find out, and
    /// kept sanitized. (Readers fall back to `media:description` only when both fields are empty
    /// after sanitizing, as in an eager parse.)
    static func isEmpty(_ field: inout EntryHTML?) -> Bool {
        field = field?.sanitized()
        return field == nil
    }

    /// Sets `entry.summary`, `entry.content` and `entry.htmlBase` (content's base, else summary's).
    /// One base serves both fields later, so when a raw summary and content have different bases,
    /// both are sanitized now (sanitizing again later leaves them unchanged).
    static func assign(summary: EntryHTML?, content: EntryHTML?, to entry: inout Entry) {
        var summary = summary
        var content = content
        if let raw = summary, let other = content, raw.base != other.base {
            summary = raw.sanitized()
            content = other.sanitized()
        }
        entry.summary = summary?.html
        entry.content = content?.html
        entry.htmlBase = (content ?? summary)?.base?.absoluteString
    }
}
