/// How `{{name}}` escapes interpolated text; `{{{name}}}` and `{{&name}}` never escape.
public enum Escaping: Sendable, Equatable {
    /// HTML: `&` `<` `>` `"` `'` become `&amp;` `&lt;` `&gt;` `&quot;` `&#39;`
    /// (mustache spec: interpolation requires the first four; `'` keeps single-quoted attributes safe),
    /// and the characters XML 1.0 §2.2 forbids (C0 controls but tab, LF, CR; U+FFFE, U+FFFF) are
    /// dropped, as for `.xml`: a page may be read as XHTML, and they show as nothing or as garbage.
    case html
    /// XML: `&` `<` `>` `"` `'` become `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`, and the characters
    /// XML 1.0 §2.2 forbids (C0 controls but tab, LF, CR; U+FFFE, U+FFFF) are dropped.
    case xml
    /// No escaping at all.
    case none

    /// The escaping for a template name, by its extension once `.mustache` is removed:
    /// `*.xml` → `.xml`, anything else (`*.html`, no extension) → `.html`.
    public static func forTemplateName(_ name: String) -> Escaping {
        var base = Substring(name)
        if base.hasSuffix(".mustache") { base = base.dropLast(".mustache".count) }
        return base.hasSuffix(".xml") ? .xml : .html
    }
}
