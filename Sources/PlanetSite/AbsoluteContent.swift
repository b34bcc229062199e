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

    /// Whether an URL attribute of sanitized HTML holds a relative reference. Scans the UTF-8
    /// bytes once (Foundation's `range(of:)` bridges through NSString on Linux: slow).
    static func hasRelativeReference(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: " "),
                    let attribute = attributeBytes.first(where: { matches($0, in: bytes, at: index) })
                else {
                    index += 1
                    continue
                }
                index += attribute.count
                let isSrcset = attribute == attributeBytes[2]
                var candidateStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if isSrcset, bytes[index] == UInt8(ascii: ",") {
                        if isRelative(bytes, from: candidateStart) { return true }
                        candidateStart = index + 1
                    }
                    index += 1
                }
                if isRelative(bytes, from: candidateStart) { return true }
            }
            return false
        }
    }

    private static let attributeBytes = attributes.map { Array($0.utf8) }
    private static let absoluteBytes = absolutePrefixes.map { Array($0.utf8) }

    private static func matches(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    /// Whether the URL starting at `start` (after spaces) is not absolute.
    private static func isRelative(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var start = start
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
        return !absoluteBytes.contains { matches($0, in: bytes, at: start) }
    }
}
