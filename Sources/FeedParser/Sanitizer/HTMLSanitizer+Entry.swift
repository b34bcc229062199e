import Foundation

extension HTMLSanitizer {
    /// An entry's `summary` or `content` made safe: `sanitize(_:base:)`, then leading and trailing
    /// white space trimmed; nil when nothing is left (a fragment of only `<script>`, say).
    ///
    /// The one function both sanitizing modes of `Feed.parse` go through (`HTMLSanitizing`), so a
    /// deferred entry sanitized later is byte for byte the eager one. Idempotent: sanitized HTML
    /// passes unchanged.
    /// - Parameters:
    ///   - html: the raw fragment (`Entry.summary`/`content` of a `.deferred` parse).
    ///   - base: absolute URL relative references resolve against (`Entry.htmlBase`).
    public static func sanitizeEntryHTML(_ html: String, base: URL?) -> String? {
        let clean = PlainText.trimmed(sanitize(html, base: base))
        return clean.isEmpty ? nil : String(clean)
    }
}

extension Entry {
    /// This entry with `summary` and `content` passed through `HTMLSanitizer.sanitizeEntryHTML`
    /// against `htmlBase`: what a `.eager` parse gives, for an entry parsed with `.deferred`
    /// sanitizing (or read back from a store that keeps entries raw); `htmlBase` becomes nil when
    /// neither field has anything left, as in an eager parse. Idempotent.
    public func sanitizingHTML() -> Entry {
        var entry = self
        let base = htmlBase.flatMap { URL(string: $0) }
        entry.summary = summary.flatMap { HTMLSanitizer.sanitizeEntryHTML($0, base: base) }
        entry.content = content.flatMap { HTMLSanitizer.sanitizeEntryHTML($0, base: base) }
        if entry.summary == nil, entry.content == nil { entry.htmlBase = nil }
        return entry
    }
}
