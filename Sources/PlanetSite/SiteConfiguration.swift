import Foundation
import PlanetSubscriptions

/// The planet-wide facts the site shows, taken from the settings of feeds.txt.
package struct SiteConfiguration: Sendable, Equatable {
    /// Planet name (setting `title`).
    package var title: String
    /// Absolute URL where the site is published (setting `link`), used for feed self links.
    package var link: String
    /// One-line description (setting `description`).
    package var description: String
    /// Owner's name and email (setting `owner = Name <email>`).
    package var ownerName: String?
    /// Owner's email address (setting `owner = Name <email>`).
    package var ownerEmail: String?
    /// Time zone dates are shown in on the HTML page (setting `timezone`, IANA name; default UTC).
    package var timeZone: TimeZone
    /// Language of the planet (setting `language`, BCP 47; default "en").
    package var language: String
    /// How the merged feeds title an item (setting `item_title`; default `.nameAndTitle`).
    package var itemTitle: ItemTitle
    /// The BCP 47 locale dates are written in (setting `locale`, `PlanetLocale.canonical`); nil:
    /// English words in fixed patterns ("Friday, 4 December 2026", "17:00").
    package var locale: String?
    /// Format of the day headings (setting `date_format`); nil: `full` with a locale, else the
    /// fixed English one.
    package var dateFormat: DisplayDateFormat?
    /// Format of each entry's time (setting `time_format`); nil: `short` with a locale, else "17:00".
    package var timeFormat: DisplayDateFormat?
    /// Characters at most of each entry's `excerpt` before its "…" (setting `excerpt_length`;
    /// default 500, Planet Venus `filters/excerpt.py`'s `width`).
    package var excerptLength = 500

    /// The title of an item in the merged feeds (rss.xml, atom.xml, feed.json); the page always
    /// shows the post's own title under its feed's name.
    package enum ItemTitle: String, Sendable, Equatable, CaseIterable {
        /// "Jane Doe: Post title" (setting value `name: title`), as Planet Venus and Planet
        /// Python/GNOME write it: the title is the one field every feed reader lists, so a reader
        /// sees whose post it is.
        case nameAndTitle = "name: title"
        /// "Post title", the post's own title (setting value `title`).
        case title = "title"
    }

    /// Creates a configuration; defaults: "Planet", `http://localhost/`, no owner, UTC, "en",
    /// items titled "Name: Title", English dates.
    package init(
        title: String = "Planet", link: String = "http://localhost/",
        description: String = "", ownerName: String? = nil, ownerEmail: String? = nil,
        timeZone: TimeZone = .gmt, language: String = "en", itemTitle: ItemTitle = .nameAndTitle,
        locale: String? = nil, dateFormat: DisplayDateFormat? = nil, timeFormat: DisplayDateFormat? = nil
    ) {
        self.title = title
        self.link = link
        self.description = description
        self.ownerName = ownerName
        self.ownerEmail = ownerEmail
        self.timeZone = timeZone
        self.language = language
        self.itemTitle = itemTitle
        self.locale = locale
        self.dateFormat = dateFormat
        self.timeFormat = timeFormat
    }
}

/// A subscription as the sidebar and the OPML list show it.
package struct SiteSubscription: Sendable, Equatable {
    /// Display name: the name in feeds.txt, else the feed's title, else its URL.
    package var name: String
    /// The feed URL readers may see (nil for a local file without a self link).
    package var feedURL: String?
    /// The feed's site, when known and safe.
    package var siteLink: String?
    /// The failure of this run, in words, or nil when the feed is fine.
    package var failure: String?
    /// The feed's settings in feeds.txt that planet does not know (`FeedSettings.custom`), for
    /// the templates as `channel_KEY`.
    package var custom: [FeedSettings.Pair] = []
    /// True when the feed has had no new entry for `activity_threshold` days (and is not failing).
    package var inactive: Bool = false
    /// The feed's face, nil when it has none.
    package var face: SiteFace?

    /// Creates a subscription entry with the given fields; site link and failure default to nil.
    package init(name: String, feedURL: String?, siteLink: String? = nil, failure: String? = nil) {
        self.name = name
        self.feedURL = feedURL
        self.siteLink = siteLink
        self.failure = failure
    }
}
