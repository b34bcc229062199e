import Foundation

/// One parsed feed document: the channel (RSS) or feed (Atom, JSON Feed) and its entries.
///
/// Every text field is plain text (tags stripped, entities decoded); `summary` and `content` of
/// entries are sanitized HTML with absolute URLs. Dates are absolute instants (print them in UTC).
/// Absent values are `nil`. The JSON shape is the parse contract in docs/ARCHITECTURE.md (`planet parse --json`).
public struct Feed: Sendable, Equatable {
    /// The syndication format the document was detected as (by its root element, never by name).
    public enum Format: String, Sendable, Equatable, CaseIterable {
        case rss20 = "rss2.0"
        case rss10 = "rss1.0"
        case rss09x = "rss0.9x"
        case atom10 = "atom1.0"
        case atom03 = "atom0.3"
        case jsonFeed = "jsonfeed1.x"
    }

    /// The syndication format the document was detected as.
    public var format: Format
    /// Feed title, plain text.
    public var title: String?
    /// Absolute URL of the site the feed belongs to (RSS `<link>`, Atom `link rel="alternate"`).
    public var link: String?
    /// Absolute URL of the feed itself (Atom/RSS `atom:link rel="self"`, JSON Feed `feed_url`).
    public var feedURL: String?
    /// Subtitle or description, plain text.
    public var subtitle: String?
    /// Atom `<id>`, JSON Feed has none.
    public var id: String?
    /// Language tag (RSS `<language>`, `xml:lang`, JSON Feed `language`).
    public var language: String?
    /// Last update of the feed as a whole.
    public var updated: Date?
    /// The feed's author (RFC 4287 §3.2 person construct), nil when none is given.
    public var author: Person?
    /// Absolute URL of a small icon.
    public var icon: String?
    /// Absolute URL of a larger logo or image.
    public var logo: String?
    /// Copyright notice, plain text (Atom `<rights>`, RSS `<copyright>` or `dc:rights`).
    public var rights: String?
    /// The software that wrote the feed, plain text (Atom/RSS `<generator>`).
    public var generator: String?
    /// Entries in document order.
    public var entries: [Entry]
    /// What had to be recovered or ignored (ill-formed XML, bad encoding, unparseable date); empty
    /// for a clean document.
    public var warnings: [String]
    /// Entries of the document left out by `Feed.parse`'s `maxEntries` (only the newest are
    /// read); 0 when none was. Not part of the JSON parse contract (the warning says it there).
    public var entriesDropped: Int = 0
    /// The document's bytes end before its root element closes (XML 1.0 §2.1; JSON: its root
    /// object): a truncated response (a gzip stream cut inside intact HTTP framing, a file written
    /// short). The entry it ended inside was left out, and the entries after the cut never came:
    /// a build records nothing of it (the fetch fails, the cache keeps its copy). Not part of the
    /// JSON parse contract (the warning says it there).
    public var isCutShort = false
    /// How long the feed says a copy stays current, seconds: RSS 2.0's `<ttl>` (minutes, RSS 2.0
    /// specification, "ttl"), the RSS 1.0 syndication module's `sy:updatePeriod` divided by
    /// `sy:updateFrequency` (RSS 1.0 Modules: Syndication), the shorter when both are given; nil
    /// when the document says neither (`UpdateInterval`). A hint for how often to fetch, read by
    /// the build's fetch plan; not part of the JSON parse contract.
    public var updateInterval: TimeInterval?

    /// Creates a feed with the given fields; everything but `format` defaults to nil or empty.
    public init(
        format: Format, title: String? = nil, link: String? = nil, feedURL: String? = nil,
        subtitle: String? = nil, id: String? = nil, language: String? = nil,
        updated: Date? = nil, author: Person? = nil, icon: String? = nil,
        logo: String? = nil, rights: String? = nil, generator: String? = nil,
        entries: [Entry] = [], warnings: [String] = []
    ) {
        self.format = format
        self.title = title
        self.link = link
        self.feedURL = feedURL
        self.subtitle = subtitle
        self.id = id
        self.language = language
        self.updated = updated
        self.author = author
        self.icon = icon
        self.logo = logo
        self.rights = rights
        self.generator = generator
        self.entries = entries
        self.warnings = warnings
    }
}
