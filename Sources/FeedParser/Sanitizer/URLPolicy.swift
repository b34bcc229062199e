import Foundation
import PlanetBase

/// The one URL rule of planet: which URLs may reach a page, and how they are written.
///
/// A URL survives when its scheme is http, https or mailto, or when it is relative (it is then
/// resolved against an http(s) base). `data:` survives only where `allowsRasterData` is set, and
/// only as a base64 PNG, GIF, JPEG, WebP, AVIF or BMP. Everything else — `javascript:`,
/// `vbscript:`, `data:text/html`, `file:`, unknown schemes — is refused however it is spelled:
/// the value arrives entity-decoded (by libxml2 or the XML parser); leading and trailing C0
/// controls and spaces are stripped and tabs and newlines removed anywhere (WHATWG URL Standard,
/// basic URL parser), any other control character refuses the URL, and a colon before the first
/// `/`, `?` or `#` makes the prefix a scheme (RFC 3986 §4.2), compared case-folded with spaces
/// removed.
enum URLPolicy {
    private static let linkSchemes: Set<String> = ["http", "https", "mailto"]
    private static let rasterTypes = [
        "image/png", "image/gif", "image/jpeg", "image/jpg",
        "image/webp", "image/avif", "image/bmp"
    ]

    /// Returns the URL to print (absolute when a usable base exists, percent-encoded), or nil
    /// when the URL must not be printed.
    static func sanitize(_ raw: String, base: URL?, allowsRasterData: Bool = false) -> String? {
        if let plain = URLFastPath.plainHTTP(raw) { return plain }  // what the general path returns
        guard let cleaned = clean(raw), !cleaned.isEmpty else { return nil }
        if let scheme = scheme(of: cleaned) {
            if scheme == "data" {
                return allowsRasterData && isRasterData(cleaned) ? cleaned : nil
            }
            guard linkSchemes.contains(scheme), let url = URL(string: cleaned),
                url.scheme.map({ linkSchemes.contains($0.lowercased()) }) == true
            else { return nil }
            return url.absoluteString
        }
        if let base, base.hasHTTPScheme {
            // The base is http(s) and the reference has no scheme: the result is http(s).
            return URL(string: cleaned, relativeTo: base)?.absoluteString
        }
        // No usable base: keep the reference relative. It has no scheme, so it cannot gain one.
        guard let url = URL(string: cleaned), url.scheme == nil else { return nil }
        return url.relativeString
    }

    /// WHATWG URL parsing's clean-up, stricter: nil when a control character remains inside.
    /// Printable ASCII without spaces (the common case) has nothing to strip or refuse: returned
    /// as it is, without rebuilding it scalar by scalar.
    private static func clean(_ raw: String) -> String? {
        if raw.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return raw }
        var scalars = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            scalars.append(scalar)
        }
        let isEdge: (Unicode.Scalar) -> Bool = { $0.value <= 0x20 }
        var view = Substring(String(scalars)).unicodeScalars
        while let first = view.first, isEdge(first) { view.removeFirst() }
        while let last = view.last, isEdge(last) { view.removeLast() }
        let isControl: (Unicode.Scalar) -> Bool = { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        guard !view.contains(where: isControl) else { return nil }
        return String(view)
    }

    /// The case-folded scheme when the reference has one (a colon before any `/`, `?`, `#`).
    private static func scheme(of url: String) -> String? {
        var prefix = ""
        for scalar in url.unicodeScalars {
            switch scalar {
            case ":": return prefix.lowercased()
            case "/", "?", "#": return nil
            case " ": continue
            default: prefix.unicodeScalars.append(scalar)
            }
        }
        return nil
    }

    /// `data:image/<raster>;base64,<base64>` and nothing else (no SVG: it can carry script).
    private static func isRasterData(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard let comma = lower.firstIndex(of: ",") else { return false }
        let header = lower[lower.index(lower.startIndex, offsetBy: 5)..<comma]
        guard rasterTypes.contains(where: { header == "\($0);base64" }) else { return false }
        return lower[lower.index(after: comma)...].unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "+/= ".unicodeScalars.contains($0)
        }
    }
}
