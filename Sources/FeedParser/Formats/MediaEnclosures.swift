import Foundation
import PlanetBase

/// Enclosures of an RSS item or Atom entry: RSS 2.0 `<enclosure>`, Atom `link rel="enclosure"`
/// and Media RSS `media:content` (also inside `media:group`) of a media type, deduplicated by URL
/// in that order. A `media:content` that is a page or a player (YouTube's
/// `application/x-shockwave-flash`, `text/html`) is no enclosure, nor is a `media:thumbnail`:
/// the entry shows that picture instead (`MediaThumbnail`).
enum MediaEnclosures {
    static func read(_ item: XML.Element, core: String?, context: ReadContext) -> [Enclosure] {
        var found: [Enclosure] = []
        func add(_ url: String?, _ type: String?, _ length: String?, base: URL?) {
            guard let url = context.url(url, base: base), !found.contains(where: { $0.url == url }) else { return }
            let type = type?.trimmingSpaces()
            found.append(
                Enclosure(
                    url: url, type: type?.isEmpty == false ? type : nil,
                    length: ReadContext.length(length)))
        }
        let atomNamespaces: Set<String?> = [Namespace.atom, Namespace.atom03]
        for case .element(let element) in item.children {
            if element.name == "enclosure", element.namespace == nil || element.namespace == core {
                add(
                    element.attribute("url"), element.attribute("type"), element.attribute("length"), base: element.base
                )
            } else if element.name == "link", atomNamespaces.contains(element.namespace),
                element.attribute("rel") == "enclosure"
            {
                add(
                    element.attribute("href"), element.attribute("type"), element.attribute("length"),
                    base: element.base)
            }
        }
        let mediaContent = XML.Name(Namespace.media, "content")
        let mediaGroups = item.all([XML.Name(Namespace.media, "group")])
        for media in item.all([mediaContent]) + mediaGroups.flatMap({ $0.all([mediaContent]) })
        where isMedia(media) {
            add(media.attribute("url"), media.attribute("type"), media.attribute("fileSize"), base: media.base)
        }
        return found
    }

    /// True for a `media:content` of audio, video or an image: its `type` (RFC 6838 top-level
    /// type), else its `medium` (Media RSS 1.5.1: image, audio, video).
    private static func isMedia(_ content: XML.Element) -> Bool {
        let media = ["audio", "video", "image"]
        if let type = content.attribute("type")?.trimmingSpaces().lowercased(), !type.isEmpty {
            return media.contains { type.hasPrefix($0 + "/") }
        }
        return media.contains(content.attribute("medium")?.lowercased() ?? "")
    }

    /// `media:description` of the item or its `media:group` (YouTube puts the video's text only
    /// there), as HTML: the summary when the document has no other. `isHTML` for `type="html"`
    /// (escaped HTML), false for plain text (the default, escaped here).
    static func description(_ item: XML.Element) -> (html: String, base: URL?, isHTML: Bool)? {
        let key = XML.Name(Namespace.media, "description")
        let groups = item.all([XML.Name(Namespace.media, "group")])
        guard let element = item.first([key]) ?? groups.lazy.compactMap({ $0.first([key]) }).first,
            let text = element.trimmedText
        else { return nil }
        let isHTML = element.attribute("type") == "html"
        return (isHTML ? text : PlainText.escapedHTML(text), element.base, isHTML)
    }
}
