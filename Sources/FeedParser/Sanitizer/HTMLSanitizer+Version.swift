extension HTMLSanitizer {
    /// The version of what `sanitizeEntryHTML(_:base:)` produces. A store that keeps sanitized
    /// HTML beside the raw fragment (planet's cache) reuses it only when it was made by this
    /// version, so raising the number makes every stored entry go through the new sanitizer
    /// again. Raise it with every change to the output: the allow-list (`SanitizerPolicy`), URL
    /// rules, the nesting limit, `MarkupBudget.html`, the notice text.
    /// 3: tracking images and ad links dropped (`TrackingMarkup`), the default `EntryHTMLOptions`.
    /// 4: written to fit HTML's content models (`ContentModel`): no block inside phrasing, lists
    /// with items only, `dl`, `li`, `figcaption` where HTML allows them; `letter-spacing`,
    /// `text-indent`, `background` (a colour), `in`/`ex`/`ch` and more `width`s kept (`InlineStyle`).
    /// 5: `font-family` (and `<font face>`), `float` on figures, tables and framing blocks
    /// (`<table align=left>`), `width` as a bounded length and on `div`, `aside`, `section`,
    /// `fieldset`, `details` (`InlineStyle`).
    /// 6: `fieldset` with its first `legend`, `menu` as a list, `dir` as `ul`, `acronym` as
    /// `abbr` with its `title`; `lang=""` kept, empty `datetime`, `sizes`, `type`, `media`,
    /// `label`, `headers` dropped (`SanitizerPolicy.Value.nonEmptyText`).
    /// 7: content directly inside a `table`, `thead`, `tbody`, `tfoot` or `tr` (text, a `div`,
    /// an image) is put in a row and cell of its own (`ContentModel.Parent.table`, `.row`).
    public static let version = 7
}
