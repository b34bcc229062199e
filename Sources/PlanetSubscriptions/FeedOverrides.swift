import FeedParser
import Foundation
import PlanetBase

/// What a feed's settings correct in its documents, for feeds that say something wrong about
/// themselves (Planet Venus docs/normalization.html, "Overrides"; `planet import` carries them):
///
/// - `ignore_author = yes`: the feed's and its entries' authors are dropped (Venus
///   `ignore_in_feed = author`).
/// - `ignore_id = yes`: each entry's id is its link, when it has one (`ignore_in_feed = id`:
///   ids that repeat or change).
/// - `ignore_language = yes`: the document's languages are dropped; the feed's `language`
///   setting, if any, applies (`ignore_in_feed = xml:lang`).
/// - `xml_base = URL`: the base of relative URLs in entries' summary and content (the entries'
///   own links stay resolved against the feed's address).
/// - `encoding = NAME`: the document's character encoding, whatever the server or the XML
///   declaration says (it is passed as the Content-Type charset, which outranks the declaration).
/// - `summary_type = text`, `content_type = text`: the summary or content is plain text, `<`
///   and `&` show as written; `html`, the default, reads it as HTML.
///
/// (`ignore_updated`, Venus's `ignore_in_feed = updated`, is the cache's: `FeedCache.recordSuccess`.)
public struct FeedOverrides: Sendable, Equatable {
    public var ignoreAuthor = false
    public var ignoreID = false
    public var ignoreLanguage = false
    /// An absolute http(s) URL.
    public var xmlBase: String?
    /// A character encoding name (`iso-8859-1`, `windows-1252`).
    public var encoding: String?
    public var summaryIsText = false
    public var contentIsText = false

    /// The overrides `settings` ask for.
    public init(_ settings: FeedSettings) {
        ignoreAuthor = FeedSettingKind.isTrue(settings["ignore_author"])
        ignoreID = FeedSettingKind.isTrue(settings["ignore_id"])
        ignoreLanguage = FeedSettingKind.isTrue(settings["ignore_language"])
        xmlBase = settings["xml_base"].flatMap { URLScheme.hasHTTPScheme($0) ? $0 : nil }
        encoding = settings["encoding"].flatMap { $0.isEmpty ? nil : $0 }
        summaryIsText = settings["summary_type"]?.lowercased() == "text"
        contentIsText = settings["content_type"]?.lowercased() == "text"
    }

    /// True when nothing is overridden.
    public var isEmpty: Bool { self == FeedOverrides(FeedSettings([])) }

    /// The `Content-Type` to parse a document served as `served` with: its charset replaced by
    /// `encoding` (RFC 7303 §3: the charset parameter outranks the XML declaration).
    public func contentType(_ served: String?) -> String? {
        guard let encoding else { return served }
        let type = served?.split(separator: ";").first.map { String($0).trimmingCharacters(in: .whitespaces) }
        return "\(type.flatMap { $0.isEmpty ? nil : $0 } ?? "application/xml"); charset=\(encoding)"
    }

    /// `feed` corrected. Its entries' summary and content may be raw (`HTMLSanitizing.deferred`)
    /// or sanitized: plain text is escaped either way, and `xml_base` is the base both use.
    public func apply(to feed: inout Feed) {
        guard !isEmpty else { return }
        if ignoreAuthor { feed.author = nil }
        if ignoreLanguage { feed.language = nil }
        for index in feed.entries.indices {
            apply(to: &feed.entries[index])
        }
    }

    private func apply(to entry: inout Entry) {
        if ignoreAuthor { entry.author = nil }
        if ignoreLanguage { entry.language = nil }
        if ignoreID, let link = entry.link, !link.isEmpty { entry.id = link }
        if let xmlBase { entry.htmlBase = xmlBase }
        if summaryIsText { entry.summary = entry.summary.map(Self.plainTextAsHTML) }
        if contentIsText { entry.content = entry.content.map(Self.plainTextAsHTML) }
    }

    /// Plain text as HTML that shows it: markup characters escaped, line breaks kept.
    static func plainTextAsHTML(_ text: String) -> String {
        MarkupEscaping.text.escaped(text).replacingOccurrences(of: "\n", with: "<br>\n")
    }
}
