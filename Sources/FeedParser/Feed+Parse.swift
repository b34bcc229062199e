import Foundation

extension Feed {
    /// The default cap on a document's size before parsing, bytes: 10 MB, the fetcher's default
    /// `max_bytes` (`FetcherConfiguration.maxBytes`).
    public static let defaultMaxBytes = 10_000_000

    /// The default cap on the entries read from one document: its newest 1,000 (by their latest
    /// date; undated entries after dated ones, in document order). The rest are dropped before
    /// they are converted, with a warning that says how many, so a document of 300,000 tiny items
    /// costs what 1,000 do.
    public static let defaultMaxEntries = 1_000

    /// Parses a feed document: RSS 0.90–0.94, 1.0 and 2.0, Atom 0.3 and 1.0 (RFC 4287), JSON Feed
    /// 1.0 and 1.1. The format is detected from the document itself (its first character, its root
    /// element and namespace), never from the URL or the content type.
    ///
    /// Ill-formed XML is recovered with libxml2's recovery mode; undeclared HTML entities and bare
    /// `&` are repaired. What had to be recovered is listed in `warnings`. A document that ends
    /// before its root element closes (cut short: `isCutShort`) loses the `item`/`entry` it ends
    /// inside, which would otherwise be read cut off mid-text.
    ///
    /// Hostile XML is refused, never expanded (docs/ARCHITECTURE.md, rules 6 and 8): libxml2 runs
    /// without network access, without DTD loading or entity substitution and with its size limits
    /// on; a reference to an external entity (XXE) and entity expansion beyond a linear budget
    /// (billion laughs, quadratic blowup) make the document `.malformed`.
    ///
    /// - Parameters:
    ///   - data: the document bytes as fetched, in any encoding `DocumentDecoder` reads.
    ///   - url: the document URL after redirects: base of relative URLs, part of generated ids.
    ///   - contentType: the HTTP `Content-Type`, used only for the character encoding (RFC 7303).
    ///   - maxBytes: documents larger than this many bytes are refused before parsing.
    ///   - maxEntries: entries read at most, the newest (see `defaultMaxEntries`); a warning
    ///     "N of M entries dropped: …" says how many were left out.
    ///   - sanitizing: `.eager` (default): entries' `summary` and `content` are sanitized HTML.
    ///     `.deferred`: they are raw HTML, with `Entry.htmlBase`, to pass through
    ///     `Entry.sanitizingHTML()` before use (see `HTMLSanitizing`).
    /// - Returns: the feed, with entries in document order.
    /// - Throws: `FeedParseError` `.empty` for a blank body, `.notAFeed` for another kind of
    ///   document (HTML page, other XML, JSON without items), `.malformed` when nothing is readable,
    ///   the document is larger than `maxBytes`, or it was refused as an XML attack.
    ///
    /// Every string of the result is free of the characters XML 1.0 forbids (`XMLCharacters`):
    /// this is where text enters the model, so a `"\ufffe"` in a JSON Feed cannot make the
    /// planet's own feeds ill-formed; and plain-text fields are within their caps (`TextCaps`), with
    /// a warning naming the fields cut.
    public static func parse(
        _ data: Data, url: URL?, contentType: String? = nil,
        maxBytes: Int = defaultMaxBytes, maxEntries: Int = defaultMaxEntries,
        sanitizing: HTMLSanitizing = .eager
    ) throws(FeedParseError) -> Feed {
        try read(
            data, url: url, contentType: contentType, maxBytes: maxBytes, maxEntries: maxEntries,
            sanitizing: sanitizing
        ).scrubbed().capped()
    }

    /// `parse` before `scrubbed()`.
    private static func read(
        _ data: Data, url: URL?, contentType: String?, maxBytes: Int, maxEntries: Int,
        sanitizing: HTMLSanitizing
    ) throws(FeedParseError) -> Feed {
        guard data.count <= maxBytes else {
            throw FeedParseError(
                url: url,
                reason: .malformed("document of \(data.count) bytes is larger than the cap of \(maxBytes) bytes"))
        }
        guard let first = FeedSniffer.firstSignificantByte(data) else {
            throw FeedParseError(url: url, reason: .empty)
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return try JSONFeedReader.read(
                data, url: url, contentType: contentType, sanitizing: sanitizing, maxEntries: maxEntries)
        }
        let decoded = DocumentDecoder.decodeXML(data, contentType: contentType)
        let xml = FeedSniffer.trimmedXML(decoded.utf8)
        let (parsed, diagnostics) = EntityRepair.parse(xml, base: url, entryLimit: maxEntries)
        if let refusal = parsed.refusal {
            throw FeedParseError(url: url, reason: .malformed("refused: \(refusal)"))
        }
        guard let root = parsed.root else {
            let detail = diagnostics.first.map { "line \($0.line): \($0.message)" } ?? "no root element"
            throw FeedParseError(
                url: url, reason: FeedSniffer.looksLikeHTML(xml) ? .notAFeed("an HTML page") : .malformed(detail))
        }
        var context = ReadContext(documentURL: url, sanitizing: sanitizing)
        context.warnings = decoded.warnings + FeedSniffer.summarize(diagnostics)
        if let warning = parsed.entryLimit?.warning { context.warnings.append(warning) }
        if let cutShort = parsed.cutShort { context.warnings.append(cutShort.warning) }
        guard let format = FeedSniffer.format(of: root) else {
            let what = root.name.lowercased() == "html" ? "an HTML page" : "XML with root element '\(root.name)'"
            throw FeedParseError(url: url, reason: .notAFeed(what))
        }
        var feed: Feed
        switch format {
        case .atom10, .atom03: feed = AtomReader.read(root: root, format: format, context: context)
        default: feed = RSSReader.read(root: root, format: format, context: context)
        }
        feed.entriesDropped = parsed.entryLimit?.dropped ?? 0
        feed.isCutShort = parsed.cutShort != nil
        return feed
    }
}
