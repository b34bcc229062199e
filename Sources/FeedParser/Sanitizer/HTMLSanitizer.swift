import Foundation

/// Allow-list HTML sanitizer for feed content (summary, content, anything a template prints
/// unescaped). STUB: escapes everything until the real sanitizer over libxml2's HTML parser lands.
public enum HTMLSanitizer {
    /// Sanitizes an HTML fragment.
    /// - Parameters:
    ///   - html: the fragment as found in the feed (already entity-decoded once by the XML parser).
    ///   - base: absolute URL that relative `href`/`src` resolve against (xml:base or document URL).
    /// - Returns: well-formed, safe HTML with absolute URLs.
    public static func sanitize(_ html: String, base: URL?) -> String {
        var out = ""
        for ch in html.unicodeScalars {
            switch ch {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Returns `url` resolved against `base` when it is a safe link target (http, https, mailto
    /// or relative), else nil. Used for entry and feed links and every URL a template prints.
    public static func safeURL(_ url: String, base: URL?) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let resolved = URL(string: trimmed, relativeTo: base)?.absoluteURL,
              let scheme = resolved.scheme?.lowercased(),
              ["http", "https", "mailto"].contains(scheme) else { return nil }
        return resolved.absoluteString
    }
}
