/// Namespace URIs planet reads. Elements are matched by URI, never by prefix.
enum Namespace {
    /// RFC 4287 Atom 1.0.
    static let atom = "http://www.w3.org/2005/Atom"
    /// Atom 0.3 (pre-IETF draft).
    static let atom03 = "http://purl.org/atom/ns#"
    /// RDF, the envelope of RSS 0.90 and RSS 1.0.
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    /// RSS 1.0 core.
    static let rss10 = "http://purl.org/rss/1.0/"
    /// RSS 0.90 (Netscape, RDF based).
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    /// RSS 1.0 content module: `content:encoded`.
    static let content = "http://purl.org/rss/1.0/modules/content/"
    /// Dublin Core elements: `dc:date`, `dc:creator`, `dc:subject`, `dc:language`, `dc:rights`.
    static let dc = "http://purl.org/dc/elements/1.1/"
    /// Dublin Core terms: `dcterms:modified`, `dcterms:issued`.
    static let dcterms = "http://purl.org/dc/terms/"
    /// RSS 1.0 syndication module: `sy:updatePeriod`, `sy:updateFrequency`.
    static let syndication = "http://purl.org/rss/1.0/modules/syndication/"
    /// Media RSS: `media:content`, `media:thumbnail`, `media:group`.
    static let media = "http://search.yahoo.com/mrss/"
    /// Apple podcasts: `itunes:author`, `itunes:summary`, `itunes:image`.
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    /// XHTML, for Atom `type="xhtml"` and `xhtml:body` in RSS.
    static let xhtml = "http://www.w3.org/1999/xhtml"
    /// The `xml:` prefix (xml:base, xml:lang).
    static let xml = "http://www.w3.org/XML/1998/namespace"

    /// Spellings seen in real feeds for the same namespace, mapped to the canonical URI above.
    static let aliases: [String: String] = [
        "http://search.yahoo.com/mrss": media,
        "https://search.yahoo.com/mrss/": media,
        "http://www.itunes.com/DTDs/Podcast-1.0.dtd": itunes,
        "https://www.itunes.com/dtds/podcast-1.0.dtd": itunes,
        "http://purl.org/rss/1.0/modules/content": content,
        "http://purl.org/dc/elements/1.1": dc,
        "http://purl.org/dc/terms": dcterms,
        "http://purl.org/rss/1.0/modules/syndication": syndication,
        "http://www.w3.org/2005/Atom/": atom
    ]

    /// The canonical URI for `uri`.
    static func canonical(_ uri: String?) -> String? {
        guard let uri else { return nil }
        return aliases[uri] ?? uri
    }
}
