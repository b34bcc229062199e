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
    ///   - options: what the planet's settings change (`EntryHTMLOptions`); the defaults by default.
    public static func sanitizeEntryHTML(_ html: String, base: URL?, options: EntryHTMLOptions = .standard)
        -> String?
    {
        sanitizedEntryHTMLBytes(html, base: base, options: options).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `sanitizeEntryHTML(_:base:)` as its UTF-8 bytes, without making a String (which validates
    /// every byte) when nothing but ASCII white space is trimmed: what the contract's JSON writer
    /// copies from (`Feed.sanitizedJSONContractLine`). The sanitizer's output is valid UTF-8 by
    /// construction (text libxml2 gives is checked, `HTMLEscaping`).
    static func sanitizedEntryHTMLBytes(_ html: String, base: URL?, options: EntryHTMLOptions = .standard)
        -> ArraySlice<UInt8>?
    {
        // ASCII white space is trimmed from the bytes; other White_Space scalars at an end (a rare
        // U+00A0) by `PlainText.trimmed` on the text.
        let bytes = sanitizedBytes(html, base: base, options: options)
        var start = 0
        var end = bytes.count
        while start < end, isASCIIWhitespace(bytes[start]) { start += 1 }
        while end > start, isASCIIWhitespace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        assert(bytes.withUnsafeBufferPointer { UTF8Check(UnsafeBufferPointer(rebasing: $0[start..<end])).isValid })
        guard bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 else { return bytes[start..<end] }
        let text = bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
        }
        let clean = PlainText.trimmed(text)
        return clean.isEmpty ? nil : ArraySlice(clean.utf8)
    }

    /// Tab, line feed, vertical tab, form feed, carriage return, space: the ASCII `White_Space`
    /// scalars (Unicode `PropList.txt`), which `PlainText.trimmed` trims.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}

extension Entry {
    /// This entry with `summary` and `content` passed through `HTMLSanitizer.sanitizeEntryHTML`
    /// against `htmlBase`: what a `.eager` parse gives, for an entry parsed with `.deferred`
    /// sanitizing (or read back from a store that keeps entries raw); `htmlBase` becomes nil when
    /// neither field has anything left, as in an eager parse. Idempotent.
    /// - Parameter options: what the planet's settings change (`EntryHTMLOptions`).
    public func sanitizingHTML(options: EntryHTMLOptions = .standard) -> Entry {
        var entry = self
        let base = htmlBase.flatMap { URL(string: $0) }
        entry.summary = summary.flatMap { HTMLSanitizer.sanitizeEntryHTML($0, base: base, options: options) }
        entry.content = content.flatMap { HTMLSanitizer.sanitizeEntryHTML($0, base: base, options: options) }
        if entry.summary == nil, entry.content == nil { entry.htmlBase = nil }
        return entry
    }
}
