import Foundation

/// Allow-list HTML sanitizer for feed content (summary, content, anything a template prints
/// unescaped), over libxml2's HTML parser — never regular expressions.
///
/// The fragment is parsed leniently, then rebuilt from the tree: only the elements and attributes
/// of `SanitizerPolicy` survive; script, style, embed, forms, frames, base, meta, link, SVG,
/// MathML, template and noscript go with their content; unknown elements are unwrapped; every
/// `on*` attribute, `srcdoc`, `formaction`, `id`, `class` and `target` is removed; comments,
/// CDATA and processing instructions are dropped. URLs (`href`, `src`, `cite`, `poster`, each
/// `srcset` candidate) follow `safeURL`'s rule; the one exception is `<img src>`, which may also
/// be a base64 PNG, GIF, JPEG, WebP, AVIF or BMP `data:` URL (never SVG). An element whose URL is
/// refused keeps its content but loses the attribute; an `img` without a usable `src` (after its
/// lazy-loading `data-src`, `LazyImage`) leaves its `alt` text. Links get
/// `rel="noopener noreferrer"` (any `target` is dropped), images `loading="lazy"`, audio and video
/// `controls`.
///
/// What is safe and visible is kept: `style` attributes are reduced to a checked CSS subset
/// (`InlineStyle`: colours, font weight/style/size, alignment, bounded margins, padding and
/// borders, image floats; never `url()`, `expression`, `position`, `!important`); presentational
/// HTML (`font`, `center`, `strike`, table `border`/`cellpadding`/`align`, image `hspace`…) is
/// written as allowed elements and that CSS (`PresentationalHTML`); an `iframe` becomes a link to
/// what it embedded and an `object` its fallback content (`EmbedReplacement`).
public enum HTMLSanitizer {
    /// Sanitizes an HTML fragment.
    /// - Parameters:
    ///   - html: the fragment as found in the feed (already entity-decoded once by the XML parser).
    ///   - base: absolute URL that relative `href`/`src` resolve against (xml:base or document URL);
    ///     without an http(s) base, relative URLs stay relative.
    /// - Returns: well-formed, safe HTML with absolute URLs: every element closed, void elements
    ///   without end tag, attribute values double-quoted, text and attributes escaped, and no
    ///   character that XML 1.0 forbids. Plain text without `<` or `&` comes back escaped. A
    ///   fragment beyond `MarkupBudget.html` is not parsed: `budgetNotice(_:)` says why instead.
    public static func sanitize(_ html: String, base: URL?) -> String {
        String(decoding: sanitizedBytes(html, base: base), as: UTF8.self)
    }

    /// `sanitize(_:base:)` as UTF-8 bytes, with what `options` change (`EntryHTMLRewrite`; none by
    /// default).
    static func sanitizedBytes(_ html: String, base: URL?, options: EntryHTMLOptions? = nil) -> [UInt8] {
        // Room for what the writer adds (rel, loading, alt attributes): an eighth more than the input.
        var writer = SanitizingWriter(base: base, capacity: html.utf8.count + html.utf8.count / 8 + 64)
        if !hasMarkup(html) {
            writer.writeText(html)
        } else if let violation = MarkupBudget.html.violation(html) {
            return budgetNotice(violation)
        } else {
            HTMLFragmentParser.withFragment(html) { first in
                if let options { writer.rewrite = EntryHTMLRewrite(options, fragment: first) }
                writer.write(first)
            }
        }
        return writer.output
    }

    /// True when `html` holds a `<` or a `&`: only then does it need the HTML parser.
    private static func hasMarkup(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "<")), bytes.count) != nil
                || memchr(base, Int32(UInt8(ascii: "&")), bytes.count) != nil
        }
    }

    /// Returns `url` when it is a safe link target, resolved against `base`; else nil.
    ///
    /// Safe: http, https and mailto URLs, and relative references (resolved when `base` is an
    /// http(s) URL, kept relative otherwise). Refused: every other scheme — `javascript:`,
    /// `vbscript:`, `data:`, `file:` … — however it is obfuscated (case, leading spaces and control
    /// characters, tabs and newlines inside; WHATWG URL Standard), and empty URLs. The result is
    /// percent-encoded where needed, ready to print in an attribute after HTML escaping.
    /// Used for entry and feed links and every URL a template prints.
    public static func safeURL(_ url: String, base: URL?) -> String? {
        URLPolicy.sanitize(url, base: base)
    }
}
