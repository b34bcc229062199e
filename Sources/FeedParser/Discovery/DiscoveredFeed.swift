import Foundation

/// A feed an HTML page points to with `<link rel="alternate" type="…" href="…">`.
public struct DiscoveredFeed: Sendable, Equatable {
    /// The feed's absolute http(s) URL: `href` resolved against the page's `<base href>`, else
    /// against the page URL (HTML Living Standard §4.2.3, §2.4.1).
    public var url: URL
    /// The link's `title` attribute, whitespace collapsed; nil when missing or blank.
    public var title: String?
    /// The link's media type, lower-cased and without parameters: `application/rss+xml`,
    /// `application/atom+xml` or `application/feed+json`.
    public var type: String

    /// Creates a discovered feed with the given fields; `title` defaults to nil.
    public init(url: URL, title: String? = nil, type: String) {
        self.url = url
        self.title = title
        self.type = type
    }
}
