import FeedParser
import Foundation
import PlanetSite

/// The HTTP `Content-Language` of a feed's response as the feed's language when the document
/// states none: RSS `<language>`, `dc:language`, the root's `xml:lang`, JSON Feed `language`
/// (RFC 9110 §8.5: the header names the languages of the intended audience). The feed's own
/// well-formed tag wins, then the per-feed `language` setting of feeds.txt (which `FeedSource`
/// applies), then the header's first tag; `ignore_language = yes` ignores the header too (the
/// server's word for the same thing).
package enum ContentLanguage {
    /// The first language tag of a `Content-Language` value ("de, en" → "de"), when it is a
    /// well-formed tag (`LanguageTag.normalized`); nil for an absent, empty or malformed value
    /// ("*", "English", a tag longer than 35 characters, the length RFC 5646 §4.4.1 asks every
    /// implementation to take: a server's header of kilobytes would be the `lang` of every entry).
    package static func first(_ header: String?) -> String? {
        guard let header, let first = header.split(separator: ",", omittingEmptySubsequences: false).first else {
            return nil
        }
        let tag = first.trimmingCharacters(in: .whitespaces)
        return tag.utf8.count <= 35 ? LanguageTag.normalized(tag) : nil
    }

    /// Gives `feed` the first tag of `header` as its language when the document states no
    /// well-formed one and `setting` (the feed's `language` in feeds.txt) is nil.
    package static func apply(_ header: String?, to feed: inout Feed, setting: String?) {
        guard setting == nil, LanguageTag.normalized(feed.language) == nil, let tag = first(header) else { return }
        feed.language = tag
    }
}
