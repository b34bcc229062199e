import Foundation
import PlanetBase

/// What stands in for an embed the sanitizer cannot keep: an `<iframe>` (or an `<object>` without
/// fallback content) becomes a link to what it embedded, so that the post stays intelligible and
/// the reader can follow it: "Embedded video: youtube.com/embed/abc" (its `title` when it has
/// one, else host and path). Never an iframe, never the embed itself; the link follows
/// `URLPolicy` (an embed of `javascript:` or `data:` leaves nothing).
enum EmbedReplacement {
    /// Hosts whose embeds are videos ("Embedded video"); other embeds are "Embedded content".
    private static let videoHosts = [
        "youtube.com", "youtube-nocookie.com", "youtu.be", "vimeo.com",
        "dailymotion.com", "peertube", "twitch.tv", "ted.com"
    ]

    /// The link's target and text for an embed of `source` with `title`; nil when the source is
    /// missing, refused, or only a fragment (`#`: the page itself).
    static func link(source: String?, title: String?, base: URL?) -> (href: String, text: String)? {
        guard let source, case let trimmed = source.trimmingSpacesAndNewlines(), !trimmed.isEmpty,
            !trimmed.hasPrefix("#"),
            let href = URLPolicy.sanitize(source, base: base), !href.lowercased().hasPrefix("mailto:")
        else {
            return nil
        }
        let url = URL(string: href)
        var host = url?.host?.lowercased() ?? ""
        if host.hasPrefix("www.") { host.removeFirst(4) }
        let isVideo = videoHosts.contains { host == $0 || host.hasSuffix("." + $0) || host.contains($0 + ".") }
        let label = isVideo ? "Embedded video" : "Embedded content"
        if let title = title.flatMap(PlainText.collapse) {
            return (href, "\(label): \(title.count > 120 ? String(title.prefix(119)) + "…" : title)")
        }
        var place = host.isEmpty ? href : host + (url?.path ?? "")
        if place.count > 60 { place = String(place.prefix(59)) + "…" }
        return (href, "\(label): \(place)")
    }
}
