import FeedParser
import Foundation
import PlanetBase

/// An entry's enclosure as the site publishes it: only http(s) URLs that `PublicLink` accepts
/// (RSS 2.0 spec, `<enclosure>`: "url must be an http url"; a page never embeds another scheme).
struct SiteEnclosure: Sendable, Equatable {
    /// Absolute http(s) URL.
    var url: String
    /// MIME type, lower-cased, when it has the shape `type/subtype` (RFC 6838 §4.2), else the type
    /// its file extension names (`typeByExtension`: a Media RSS `media:thumbnail` has none); nil
    /// otherwise.
    var type: String?
    /// Size in bytes, when the feed gave a positive one.
    var length: Int?

    /// The publishable enclosures of `entry`, in document order, each URL once.
    static func of(_ entry: Entry) -> [SiteEnclosure] {
        var seen = Set<String>()
        return entry.enclosures.compactMap { enclosure in
            guard let url = PublicLink.check(enclosure.url),
                URL(string: url)?.hasHTTPScheme == true,
                seen.insert(url).inserted
            else { return nil }
            return SiteEnclosure(
                url: url, type: mediaType(enclosure.type) ?? typeByExtension(url),
                length: enclosure.length.flatMap { $0 > 0 ? $0 : nil })
        }
    }

    /// The one enclosure an RSS 2.0 item carries (the spec's `<enclosure>` describes one media
    /// object; feedparser, newsboat and podcast apps read the first): the first audio or video
    /// one, else the first.
    static func rssEnclosure(_ enclosures: [SiteEnclosure]) -> SiteEnclosure? {
        enclosures.first { $0.kind == .audio || $0.kind == .video } ?? enclosures.first
    }

    /// What the page does with an enclosure.
    enum Kind { case audio, video, image, other }

    /// By the top-level media type; `other` when unknown.
    var kind: Kind {
        switch type?.split(separator: "/").first {
        case "audio": return .audio
        case "video": return .video
        case "image": return .image
        default: return .other
        }
    }

    /// "24.1 MB", "830 kB", "512 bytes" (SI units); nil without a length.
    var sizeDisplay: String? {
        guard let length else { return nil }
        if length < 1000 { return "\(length) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(length) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 || value >= 100
            ? "\(Int(value.rounded())) \(units[unit])"
            : "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// The last path segment of the URL ("episode-12.mp3"), else the host.
    var fileName: String {
        guard let url = URL(string: url) else { return url }
        let last = url.lastPathComponent
        return last.isEmpty || last == "/" ? (url.host ?? self.url) : (last.removingPercentEncoding ?? last)
    }

    /// Common media files by extension (IANA media types registry), for an enclosure without a type.
    private static let extensions: [String: String] = [
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "ogg": "audio/ogg", "oga": "audio/ogg",
        "opus": "audio/opus", "flac": "audio/flac", "wav": "audio/wav", "mp4": "video/mp4", "m4v": "video/mp4",
        "webm": "video/webm", "mov": "video/quicktime", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "png": "image/png", "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "svg": "image/svg+xml",
        "pdf": "application/pdf"
    ]

    /// The media type the URL's path extension names, nil when unknown.
    static func typeByExtension(_ url: String) -> String? {
        guard let path = URL(string: url)?.path, let dot = path.lastIndex(of: ".") else { return nil }
        return extensions[path[path.index(after: dot)...].lowercased()]
    }

    private static func mediaType(_ type: String?) -> String? {
        guard let type = type?.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
        let token = { (part: Substring) in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$&-^_.+".contains($0)) }
        }
        let parts = type.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && token(parts[0]) && token(parts[1]) ? type : nil
    }
}
