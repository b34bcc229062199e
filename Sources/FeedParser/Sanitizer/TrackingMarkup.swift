/// Which images and links of a post are tracking or advertising, not the post: what
/// `EntryHTMLOptions.dropsTracking` drops. A conservative list, so that no picture or link of the
/// post itself goes:
///
/// - an image whose `width` and `height` are both 0 or 1 (or its inline style says `width` and
///   `height` of 0 or 1px), or either of them 0: a web beacon (FeedBurner's `~r/` pixel,
///   WordPress.com's `pixel.wp.com`, Medium's `/_/stat`);
/// - FeedBurner's "flare" and ad markup: images from `feeds.feedburner.com` or
///   `feedproxy.google.com` under `/~ff/` (flare), `/~a/` (ads) or `/~r/` (the counting pixel), and
///   links there under `/~ff/` and `/~a/` (a `/~r/` link is FeedBurner's redirect to the post
///   itself, kept);
/// - Feedsportal's ads and share buttons: images from any `feedsportal.com` host, links to
///   `da.feedsportal.com` (its ad server; `rss.feedsportal.com/c/…` links lead to posts, kept);
/// - Google's ad servers, images and links alike: `doubleclick.net`, `googlesyndication.com`,
///   `googleadservices.com` (and their subdomains).
///
/// A dropped link goes with its content (the flare's button image, the ad's banner).
enum TrackingMarkup {
    /// Hosts (and their subdomains) of ad servers: every image from them and link to them.
    static let adHosts = ["doubleclick.net", "googlesyndication.com", "googleadservices.com"]
    /// FeedBurner's hosts.
    static let feedBurnerHosts: Set<String> = ["feeds.feedburner.com", "feedproxy.google.com"]
    static let feedBurnerImagePaths = ["/~ff/", "/~a/", "/~r/"]
    static let feedBurnerLinkPaths = ["/~ff/", "/~a/"]

    /// True when the image of `kept` attributes (checked, absolute `src`) and `style` is tracking.
    static func isTrackingImage(_ kept: [(name: String, value: String?)], style: String?) -> Bool {
        let width = kept.first { $0.name == "width" }?.value.flatMap { Int($0) }
        let height = kept.first { $0.name == "height" }?.value.flatMap { Int($0) }
        if width == 0 || height == 0 { return true }
        if let width, let height, width <= 1, height <= 1 { return true }
        if let style, isTinyStyle(style) { return true }
        guard let src = kept.first(where: { $0.name == "src" })?.value, let (host, path) = hostAndPath(src) else {
            return false
        }
        if isAdHost(host) || host == "feedsportal.com" || host.hasSuffix(".feedsportal.com") { return true }
        return feedBurnerHosts.contains(host) && feedBurnerImagePaths.contains { path.hasPrefix($0) }
    }

    /// True when a link to `href` (checked, absolute) is an ad or FeedBurner flare.
    static func isTrackingLink(_ href: String) -> Bool {
        guard let (host, path) = hostAndPath(href) else { return false }
        if isAdHost(host) || host == "da.feedsportal.com" { return true }
        return feedBurnerHosts.contains(host) && feedBurnerLinkPaths.contains { path.hasPrefix($0) }
    }

    private static func isAdHost(_ host: String) -> Bool {
        adHosts.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// An inline style giving both `width` and `height` as 0 or 1 (`px` or no unit).
    static func isTinyStyle(_ style: String) -> Bool {
        var width: String?
        var height: String?
        for declaration in style.lowercased().split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let value = parts[1].filter { !$0.isWhitespace }
            switch parts[0].filter({ !$0.isWhitespace }) {
            case "width": width = value
            case "height": height = value
            default: continue
            }
        }
        let tiny: Set<String> = ["0", "1", "0px", "1px"]
        return width.map(tiny.contains) == true && height.map(tiny.contains) == true
    }

    /// The host (lower-cased, without userinfo and port) and the path of an absolute http(s) URL.
    static func hostAndPath(_ url: String) -> (host: String, path: Substring)? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<end]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if !authority.hasPrefix("["), let colon = authority.firstIndex(of: ":") { authority = authority[..<colon] }
        let path = rest[end...].prefix { $0 != "?" && $0 != "#" }
        return (authority.lowercased(), path)
    }
}
