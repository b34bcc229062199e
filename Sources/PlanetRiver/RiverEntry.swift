import FeedParser
import Foundation
import PlanetSubscriptions

/// The feed an entry of the river came from, as the site shows it.
package struct RiverSource: Sendable, Equatable, Hashable {
    /// The feed URL as listed in feeds.txt (after redirects are applied): the feed's identity.
    package var feedURL: String
    /// The feed URL readers may see: the subscription's http(s) URL, else the feed's own self link;
    /// nil for a local file without one (a file path is never published).
    package var publicFeedURL: String?
    /// Display name: the name in feeds.txt, else the feed's title, else the feed URL.
    package var name: String
    /// Absolute URL of the feed's site, when it is safe to link to.
    package var siteLink: String?
    /// The feed's settings in feeds.txt that planet does not know (`FeedSettings.custom`), for
    /// the templates as `channel_KEY`.
    package var custom: [FeedSettings.Pair] = []
    /// `allow_duplicates = yes`: this feed's entries are deduplicated by id only, never by link
    /// (`SharedLinkRule`).
    package var allowsDuplicateLinks = false
    /// The feed's own head, from this run's document or the cache: what the merged Atom feed's
    /// `atom:source` (RFC 4287 §4.2.11) and the page's `lang` say about the entry's origin.
    package var head: RiverSourceHead

    /// Creates a source with the given fields; site link and public feed URL default to nil, the
    /// head to an empty one.
    package init(
        feedURL: String, name: String, siteLink: String? = nil, publicFeedURL: String? = nil,
        head: RiverSourceHead = RiverSourceHead()
    ) {
        self.feedURL = feedURL
        self.publicFeedURL = publicFeedURL
        self.name = name
        self.siteLink = siteLink
        self.head = head
    }
}

/// What a feed says about itself, as the last document gave it; every field nil when unknown.
package struct RiverSourceHead: Sendable, Equatable, Hashable {
    /// The feed's own id (Atom `<id>`), as written; not yet checked as an IRI.
    package var id: String?
    /// The feed's own title, plain text.
    package var title: String?
    /// The feed's own last update (Atom `<updated>`, RSS `<lastBuildDate>`).
    package var updated: Date?
    /// The feed's author's name, email and URI (RFC 4287 §3.2), plain text.
    package var authorName: String?
    /// The feed's author's email.
    package var authorEmail: String?
    /// The feed's author's URI.
    package var authorURI: String?
    /// The feed's language tag (RSS `<language>`, `xml:lang`, JSON Feed `language`), as written.
    package var language: String?

    /// Creates a head with the given fields, all nil by default.
    package init(
        id: String? = nil, title: String? = nil, updated: Date? = nil, authorName: String? = nil,
        authorEmail: String? = nil, authorURI: String? = nil, language: String? = nil
    ) {
        self.id = id
        self.title = title
        self.updated = updated
        self.authorName = authorName
        self.authorEmail = authorEmail
        self.authorURI = authorURI
        self.language = language
    }
}

/// One entry of the merged river, with the date it is sorted and shown by.
package struct RiverEntry: Sendable, Equatable {
    /// The entry as parsed.
    package var entry: Entry
    /// The feed the entry came from.
    package var source: RiverSource
    /// The date the river sorts by and the page shows: published, else first seen,
    /// clamped to the build time (a future date is shown at the build time).
    package var date: Date
    /// True for an entry recorded as already seen on its feed's first fetch (`new_feed_items`):
    /// the river leaves it out.
    package var backlog: Bool
    /// Place in the feed's document when first seen (`CachedEntry.position`): breaks ties of date
    /// within one feed.
    package var position: Int = 0
    /// See `RiverCandidate.inDocument`.
    package var inDocument = true

    /// Creates a river entry with the given fields; not backlog by default.
    package init(entry: Entry, source: RiverSource, date: Date, backlog: Bool = false) {
        self.entry = entry
        self.source = source
        self.date = date
        self.backlog = backlog
    }
}

/// An entry offered to the river, before dates are settled and duplicates removed.
package struct RiverCandidate: Sendable, Equatable {
    /// The entry as parsed.
    package var entry: Entry
    /// The feed the entry came from.
    package var source: RiverSource
    /// When planet first saw the entry (the cache's first-seen time, or the build time).
    package var firstSeen: Date
    /// See `RiverEntry.backlog`.
    package var backlog: Bool
    /// See `RiverEntry.position`.
    package var position: Int = 0
    /// True when the entry was in its feed's latest document (`CachedEntry.inDocument`); entries
    /// of one feed that share a link are distinct posts when all are (`SharedLinkRule`).
    package var inDocument = true

    /// Creates a candidate with the given fields; not backlog by default.
    package init(entry: Entry, source: RiverSource, firstSeen: Date, backlog: Bool = false) {
        self.entry = entry
        self.source = source
        self.firstSeen = firstSeen
        self.backlog = backlog
    }
}
