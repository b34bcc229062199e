import FeedParser
import Foundation

/// Makes the URLs of sanitized entry HTML absolute, so that the content reads the same on the
/// planet's page and in its feeds (W3C Feed Validation Service: "description should not contain
/// relative URL references"; a relative link from a feed would otherwise point into the planet).
///
/// Entry HTML is already sanitized (`HTMLSanitizer`, attribute values double-quoted); when one of
/// its URL attributes is relative, the fragment is sanitized again with the entry's link (else its
/// feed's site) as base — the sanitizer is idempotent, and it is what resolves URLs.
enum AbsoluteContent {
    private static let attributes = [" href=\"", " src=\"", " srcset=\"", " poster=\"", " cite=\""]
    private static let absolutePrefixes = ["http://", "https://", "mailto:"]

    /// `html` with relative URLs resolved against `base` (an absolute http(s) URL); unchanged when
    /// all its URLs are absolute or there is no base.
    static func resolve(_ html: String, base: String?) -> String {
        guard let base, let baseURL = URL(string: base), hasRelativeReference(html) else { return html }
        return HTMLSanitizer.sanitize(html, base: baseURL)
    }

    /// Whether an URL attribute of sanitized HTML holds a relative reference.
    static func hasRelativeReference(_ html: String) -> Bool {
        for attribute in attributes {
            var rest = html[...]
            while let found = rest.range(of: attribute) {
                rest = rest[found.upperBound...]
                let value = rest.prefix { $0 != "\"" }
                let candidates = attribute == " srcset=\""
                    ? value.split(separator: ",").map { $0.drop { $0 == " " } } : [value]
                for candidate in candidates where !absolutePrefixes.contains(where: { candidate.hasPrefix($0) }) {
                    return true
                }
            }
        }
        return false
    }
}
