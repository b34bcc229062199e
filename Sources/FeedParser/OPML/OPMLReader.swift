import Foundation

/// Reads the feeds of an OPML subscription list, as feed readers export them.
///
/// Every `<outline>` under `<body>` with an `xmlUrl` attribute is a feed, at any depth; an outline
/// without one is a folder whose children are read with its name added to their `folders`. The
/// rules are OPML 2.0's (opml.org/spec2: `text`, `title`, `xmlUrl`, `htmlUrl`), which OPML 1.0
/// exports follow too. Attribute names are matched without regard to case (`xmlURL`, `xmlurl`
/// occur in the wild). The document goes through the same decoding and libxml2 recovery as feeds;
/// names (`text`, `title`) are cut to `TextCaps.name` characters, as a channel title is.
public enum OPMLReader {
    /// Outlines nested deeper than this are not read (a hostile file cannot exhaust the stack).
    static let maximumDepth = 64

    /// The feeds of an OPML document, in document order.
    /// - Parameter data: the document's bytes, in any encoding `DocumentDecoder` reads.
    /// - Returns: one outline per feed; duplicates are kept (the caller decides).
    /// - Throws: `FeedParseError` `.empty` for a blank document, `.malformed` when no XML can be
    ///   recovered or the root element is not `opml`.
    public static func outlines(_ data: Data) throws(FeedParseError) -> [OPMLOutline] {
        try document(data).outlines
    }

    /// The head's `<title>` (whitespace collapsed, nil when missing or blank) and the feeds of an
    /// OPML document, as `outlines(_:)` reads them.
    /// - Throws: as `outlines(_:)`.
    public static func document(_ data: Data) throws(FeedParseError) -> (title: String?, outlines: [OPMLOutline]) {
        guard FeedSniffer.firstSignificantByte(data) != nil else {
            throw FeedParseError(url: nil, reason: .empty)
        }
        let xml = FeedSniffer.trimmedXML(DocumentDecoder.decodeXML(data, contentType: nil).utf8)
        let parsed = EntityRepair.parse(xml, base: nil).parsed
        guard let root = parsed.root else {
            let detail = parsed.diagnostics.first.map { "line \($0.line): \($0.message)" } ?? "no root element"
            throw FeedParseError(url: nil, reason: .malformed(detail))
        }
        guard root.name.lowercased() == "opml" else {
            throw FeedParseError(url: nil, reason: .malformed("the root element is '\(root.name)', not 'opml'"))
        }
        var result: [OPMLOutline] = []
        for body in root.elements where body.name.lowercased() == "body" {
            collect(body.elements, folders: [], into: &result)
        }
        let head = root.elements.first { $0.name.lowercased() == "head" }
        let title = head?.elements.first { $0.name.lowercased() == "title" }.flatMap { PlainText.collapse($0.text) }
        return (title.flatMap { $0.isEmpty ? nil : $0 }, result)
    }

    private static func collect(_ elements: [XML.Element], folders: [String], into result: inout [OPMLOutline]) {
        guard folders.count < maximumDepth else { return }
        for outline in elements where outline.name.lowercased() == "outline" {
            let text = value(outline, "text")
            let title = value(outline, "title")
            if let xmlURL = value(outline, "xmlUrl") {
                result.append(
                    OPMLOutline(
                        title: (title ?? text).map { TextCaps.capped($0, TextCaps.name) }, xmlURL: xmlURL,
                        htmlURL: value(outline, "htmlUrl"), folders: folders,
                        categories: (value(outline, "category") ?? "").split(separator: ",").compactMap {
                            let category = $0.trimmingCharacters(in: .whitespaces)
                            return category.isEmpty ? nil : category
                        }))
                collect(outline.elements, folders: folders, into: &result)
            } else {
                let folder = (text ?? title).map { TextCaps.capped($0, TextCaps.name) }
                collect(outline.elements, folders: folder.map { folders + [$0] } ?? folders, into: &result)
            }
        }
    }

    /// An unqualified attribute by name (any case), whitespace collapsed; nil when blank.
    private static func value(_ element: XML.Element, _ name: String) -> String? {
        let lowered = name.lowercased()
        let attribute =
            element.attributes.first { $0.namespace == nil && $0.name == name }
            ?? element.attributes.first { $0.namespace == nil && $0.name.lowercased() == lowered }
        return attribute.flatMap { PlainText.collapse($0.value) }
    }
}
