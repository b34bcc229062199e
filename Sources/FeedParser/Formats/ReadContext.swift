import Foundation
import PlanetBase

/// What every format reader needs while mapping a document to a `Feed`: the document URL, the
/// warnings collected so far, and the shared conversions (dates, URLs, HTML, people, ids).
struct ReadContext {
    /// The document URL after redirects: base of relative URLs and part of generated ids.
    var documentURL: URL?
    var warnings: [String] = []
    /// Whether entry HTML is sanitized while reading or left raw for later (`HTMLSanitizing`).
    var sanitizing: HTMLSanitizing = .eager

    /// A date from an element's text via `FeedDateParser`; unreadable text is nil plus a warning.
    /// Go's zero time (0001-01-01, written by Hugo for undated posts) means "no date".
    mutating func date(_ text: String?, field: String) -> Date? {
        guard let text = text?.trimmingSpacesAndNewlines(), !text.isEmpty else { return nil }
        if text.containsLiteral("0001-01-01") || text.containsLiteral(" Jan 0001 ") { return nil }
        guard let date = FeedDateParser.parse(text) else {
            warnings.append("\(field): unreadable date '\(text)'")
            return nil
        }
        if date.timeIntervalSince1970 < -62_000_000_000 { return nil }
        return date
    }

    /// For a document read from a file (no http(s) URL), takes the feed's own site link as the
    /// base of relative URLs, so that `/about` in a saved copy of a feed resolves where the feed
    /// meant it to (as it would have when fetched from that site). A document fetched over
    /// http(s) keeps its URL (RFC 3986 §5.1.3: the retrieval URI is the base).
    ///
    /// The elements' bases were computed from the file URL when the document was parsed, so when
    /// the site link is adopted `root` is rebased on it (`XML.Element.rebased(documentURL:)`):
    /// every relative URL inside, `xml:base` included, then resolves against the site.
    mutating func adoptSiteBase(_ siteLink: String?, root: inout XML.Element) {
        guard documentURL?.hasHTTPScheme != true, let siteLink, let url = URL(string: siteLink), url.hasHTTPScheme
        else {
            return
        }
        documentURL = url
        root = root.rebased(documentURL: url)
    }

    /// `adoptSiteBase(_:root:)` for a document without element bases (JSON Feed).
    mutating func adoptSiteBase(_ siteLink: String?) {
        guard documentURL?.hasHTTPScheme != true, let siteLink, let url = URL(string: siteLink), url.hasHTTPScheme
        else {
            return
        }
        documentURL = url
    }

    /// An absolute, safe URL (http, https, mailto) resolved against `base` (else the document
    /// URL) as RFC 3986 §5 resolves a reference, else nil. `ep.ogg`, `app.py` or `img/a.png` is a
    /// relative-path reference (RFC 3986 §4.2): it names a file next to the base. Only a reference
    /// that reads as a host name and nothing else (`startsWithHostName`: `example.org/post`, Hugo
    /// without a `baseURL` scheme) is read as `https://example.org/post`.
    func url(_ text: String?, base: URL?) -> String? {
        guard var text = text?.trimmingSpacesAndNewlines(), !text.isEmpty else { return nil }
        if let plain = URLFastPath.plainHTTP(text) { return plain }  // what safeURL returns for it
        if Self.startsWithHostName(text) { text = "https://" + text }
        return HTMLSanitizer.safeURL(text, base: base ?? documentURL)
    }

    /// File name extensions that end a file's name far more often than they end a host name:
    /// media (podcast enclosures), images, documents, pages and scripts, source files, archives.
    /// A few are top-level domains too (`.md`, `.py`, `.zip`, `.mov`); a scheme-less `x.zip/…`
    /// is read as a file all the same, the safer error (a link to `https://invoice.zip` is what
    /// a phishing page would want).
    private static let fileExtensions: Set<String> = [
        "mp3", "m4a", "m4b", "m4v", "mp4", "ogg", "oga", "ogv", "opus", "flac", "wav", "aac", "webm", "mkv", "mov",
        "avi", "jpg", "jpeg", "png", "gif", "svg", "webp", "avif", "ico", "bmp", "tif", "tiff", "pdf", "epub",
        "txt", "md", "markdown", "rst", "tex", "csv", "doc", "docx", "odt", "html", "htm", "xhtml", "shtml", "php",
        "asp", "aspx", "jsp", "cgi", "css", "js", "mjs", "json", "xml", "rss", "atom", "rdf", "opml", "py", "rb",
        "sh", "swift", "java", "zip", "gz", "tgz", "bz2", "xz", "tar", "dmg", "exe", "deb", "rpm", "apk", "iso"
    ]

    /// True for a reference without a scheme that is a host name and a path, the form a writer
    /// that forgot `https://` leaves (Hugo with `baseURL = "example.org/"`: `example.org/post/`):
    /// its first segment is two or more labels of letters, digits and `-`, the last of at least
    /// two letters, and either
    /// - a path follows it (`example.org/`, `0xmh.github.io/ar/`), or
    /// - it starts with `www.` and has a third label (`www.example.org`);
    ///
    /// and its last label is not a file extension (`fileExtensions`). Anything else is a relative
    /// reference (RFC 3986 §4.2), resolved against the base: `ep.ogg`, `app.py`, `readme.md`,
    /// `index.php/feed`, `example.org` alone (a browser reads an `href` the same way).
    static func startsWithHostName(_ text: String) -> Bool {
        guard !text.containsLiteral("://"),
            let first = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first,
            !text.hasPrefix("/"), !text.hasPrefix("."), !first.contains(":"), !first.contains("?"),
            !first.contains("#")
        else { return false }
        let labels = first.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2,
            labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }),
            let tld = labels.last, tld.count >= 2, tld.allSatisfy(\.isLetter),
            !fileExtensions.contains(tld.lowercased())
        else { return false }
        let hasPath = first.endIndex < text.endIndex
        return hasPath || (labels.count >= 3 && labels[0].lowercased() == "www")
    }

    /// An entry's summary or content: sanitized HTML with absolute URLs (`.eager`), or the
    /// fragment exactly as the sanitizer will get it (`.deferred`); nil when the fragment is empty.
    /// The base is `base` (xml:base), else the document URL.
    ///
    /// `mayBeEscapedTwice` is set only for fields declared (or presumed) to be escaped HTML: RSS
    /// `description`/`content:encoded`, Atom `type="html"`, JSON Feed `content_html`. There, HTML
    /// escaped once too often (no tag at all, but `&lt;p&gt;…&lt;/p&gt;`: Hexo, some CMS exports)
    /// is unescaped once first (`PlainText.isDoubleEscapedHTML`), so readers see the post and not
    /// its source. Declared text and XHTML are never unescaped (RFC 4287 §3.1.1.1, §3.1.1.3).
    /// In the same fields, escaped CDATA markers are removed (`EscapedCDATA`).
    func html(_ html: String?, base: URL?, mayBeEscapedTwice: Bool) -> EntryHTML? {
        guard var html, !PlainText.trimmed(html).isEmpty else { return nil }
        if mayBeEscapedTwice {
            html = EscapedCDATA.unwrapped(html)
            if PlainText.isDoubleEscapedHTML(html) { html = LibXML2.htmlText(html) }
        }
        let field = EntryHTML(html: html, base: base ?? documentURL, isSanitized: false)
        return sanitizing == .eager ? field.sanitized() : field
    }

    /// The entry id rule: the document's id (guid, Atom id, JSON Feed id) when present; else the
    /// link; else a stable hash of feed URL + title + date + content.
    /// An id that is a path (`/2024/post`, written by generators that know no host) is resolved
    /// against `base`, so that two sites' "/about" never collide in the river.
    func entryID(_ id: String?, entry: Entry, base: URL? = nil) -> String {
        if let id = documentID(id, base: base) { return id }
        if let link = entry.link { return link }
        let date = (entry.published ?? entry.updated).map { String(Int64($0.timeIntervalSince1970)) } ?? ""
        // The hash is over the sanitized text in both modes, so that ids do not depend on the mode.
        let text = sanitizing == .eager ? entry : entry.sanitizingHTML()
        let parts = [
            documentURL?.absoluteString ?? "", entry.title ?? "", date,
            text.content ?? text.summary ?? ""
        ]
        return "urn:planet:" + StableHash.fnv1a64(parts)
    }

    /// An id as the document gives it (an entry's or the feed's), trimmed; one that is a path
    /// (`/2024/post`) resolved against `base`, else the document URL; nil when empty.
    func documentID(_ id: String?, base: URL?) -> String? {
        guard let id = id?.trimmingSpacesAndNewlines(), !id.isEmpty else { return nil }
        if id.hasPrefix("/"), !id.hasPrefix("//"),
            let resolved = URL(string: id, relativeTo: base ?? documentURL)?.absoluteURL
        {
            return resolved.absoluteString
        }
        return id
    }

    /// `entries` with every id that repeats inside the document for different posts (another
    /// link or title: a broken plugin gives every item one guid) replaced by what the id rule
    /// gives without it (`entryID(nil, entry:)`: the link, else a hash): such a guid identifies
    /// nothing in this feed (RSS 2.0 spec, `<guid>`: unique within the channel). An id repeated
    /// for the same link and title is left alone (the river keeps one of them).
    func distinctIDs(_ entries: [Entry]) -> [Entry] {
        var groups: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() { groups[entry.id, default: []].append(index) }
        var entries = entries
        for (_, indices) in groups where indices.count > 1 {
            let first = entries[indices[0]]
            guard indices.contains(where: { entries[$0].link != first.link || entries[$0].title != first.title }) else {
                continue
            }
            for index in indices { entries[index].id = entryID(nil, entry: entries[index]) }
        }
        return entries
    }

    /// A person from RSS-style text: "jane@example.org (Jane Doe)", "Jane Doe (jane@example.org)",
    /// "Jane Doe <jane@example.org>", "jane@example.org" or just a name (RSS 2.0 `<author>`,
    /// `managingEditor`, `dc:creator`). Of the two sides of a parenthesis, the one that is a single
    /// token with exactly one `@` is the address, in either order; text without `@` is a name.
    func person(_ text: String?) -> Person? {
        guard let text = text.flatMap(PlainText.collapse) else { return nil }
        // `collapse` leaves no CR LF, so in ASCII text every byte is a Character: its index is found
        // on the UTF-8 view (without grapheme breaking); other text is searched by Character.
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        func index(of character: Character) -> String.Index? {
            isASCII ? text.utf8.firstIndex(of: character.asciiValue!) : text.firstIndex(of: character)
        }
        if let open = index(of: "("), text.hasSuffix(")") {
            let outside = text[..<open].trimmingSpaces()
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
                .trimmingSpaces()
            if Self.isAddress(inside) { return Person(name: outside.isEmpty ? nil : outside, email: inside) }
            if outside.utf8.contains(UInt8(ascii: "@")) {
                return Person(name: inside.isEmpty ? nil : inside, email: outside)
            }
        }
        if let open = index(of: "<"), text.hasSuffix(">") {
            let name = text[..<open].trimmingSpaces()
            let email = text[text.index(after: open)..<text.index(before: text.endIndex)]
                .trimmingSpaces()
            if email.utf8.contains(UInt8(ascii: "@")) { return Person(name: name.isEmpty ? nil : name, email: email) }
        }
        if !text.utf8.contains(UInt8(ascii: " ")), text.utf8.contains(UInt8(ascii: "@")) { return Person(email: text) }
        return Person(name: text)
    }

    /// One token (no space) with exactly one `@`: an e-mail address in an RSS person.
    private static func isAddress(_ text: String) -> Bool {
        !text.utf8.contains(UInt8(ascii: " ")) && text.utf8.count(where: { $0 == UInt8(ascii: "@") }) == 1
    }

    /// An integer attribute such as an enclosure length; nil for "0", negative or non-numbers.
    static func length(_ text: String?) -> Int? {
        guard let text, let value = Int(text.trimmingSpaces()), value > 0 else { return nil }
        return value
    }
}
