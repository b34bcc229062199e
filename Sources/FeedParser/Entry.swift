import Foundation

/// One item (RSS) or entry (Atom, JSON Feed) of a feed.
///
/// `id` is never empty: the guid/id when the document has one, else the link, else a stable hash
/// of feed URL + title + date + content. `summary` and `content` are sanitized HTML with absolute
/// URLs (unless the feed was parsed with `HTMLSanitizing.deferred`: see `htmlBase`); `title` is
/// plain text.
public struct Entry: Sendable, Equatable {
    /// Stable, never-empty identifier: the guid/id, else the link, else a content hash.
    public var id: String
    /// Entry title, plain text.
    public var title: String?
    /// Absolute URL of the entry's web page.
    public var link: String?
    /// First publication (RSS `pubDate`, `dc:date`, Atom `published`/`issued`).
    public var published: Date?
    /// Last modification (Atom `updated`/`modified`, JSON Feed `date_modified`).
    public var updated: Date?
    /// The entry's author (RFC 4287 §3.2 person construct), nil when none is given.
    public var author: Person?
    /// Short form, sanitized HTML.
    public var summary: String?
    /// Full content, sanitized HTML.
    public var content: String?
    /// Category terms, plain text, in document order.
    public var categories: [String]
    /// Attached media files, in document order.
    public var enclosures: [Enclosure]
    /// Base URL for relative references in `summary`/`content` (xml:base, else the document URL,
    /// else the feed's site link). Set by the parser; when the feed was parsed with `.deferred`
    /// sanitizing, summary and content are raw HTML that must go through
    /// `HTMLSanitizer.sanitize(_:base:)` before use — `Entry.sanitizingHTML()` does it exactly as
    /// an eager parse would. Not part of the JSON parse contract.
    public var htmlBase: String?
    /// Language tag (BCP 47) of the entry's text: the effective `xml:lang` of its content, else of
    /// the entry element (XML 1.0 §2.12: inherited from the feed's root; RFC 4287 §2), else RSS
    /// `dc:language` of the item, else JSON Feed 1.1 item `language`; nil when the document says
    /// nothing. Not part of the JSON parse contract (the feed-level `language` is).
    public var language: String?

    /// Creates an entry with the given fields; everything but `id` defaults to nil or empty.
    public init(
        id: String, title: String? = nil, link: String? = nil, published: Date? = nil,
        updated: Date? = nil, author: Person? = nil, summary: String? = nil,
        content: String? = nil, categories: [String] = [], enclosures: [Enclosure] = [],
        htmlBase: String? = nil, language: String? = nil
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.published = published
        self.updated = updated
        self.author = author
        self.summary = summary
        self.content = content
        self.categories = categories
        self.enclosures = enclosures
        self.htmlBase = htmlBase
        self.language = language
    }
}

/// A person construct (RFC 4287 §3.2): author or contributor. All fields plain text.
public struct Person: Sendable, Equatable {
    /// The person's name, plain text.
    public var name: String?
    /// The person's email address, plain text.
    public var email: String?
    /// Absolute URL of the person's page.
    public var uri: String?
    /// Absolute URL of the person's picture (JSON Feed 1.1 `authors[].avatar`); read for the
    /// feed's author only, where it can be the planet's face of the feed. Not in `planet parse`'s
    /// JSON.
    public var avatar: String?

    /// Creates a person with the given fields, all nil by default.
    public init(name: String? = nil, email: String? = nil, uri: String? = nil) {
        self.name = name
        self.email = email
        self.uri = uri
    }
}

/// A media file attached to an entry (RSS 2.0 `<enclosure>`, Atom `link rel="enclosure"`,
/// `media:content`, JSON Feed `attachments`).
public struct Enclosure: Sendable, Equatable {
    /// Absolute URL.
    public var url: String
    /// MIME type, e.g. `audio/mpeg`.
    public var type: String?
    /// Size in bytes.
    public var length: Int?

    /// Creates an enclosure for the absolute URL `url`; type and length default to nil.
    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}
