import Foundation

/// Enclosures of an RSS item or Atom entry: RSS 2.0 `<enclosure>`, Atom `link rel="enclosure"`,
/// Media RSS `media:content` (also inside `media:group`) and `media:thumbnail`, deduplicated by URL
/// in that order.
enum MediaEnclosures {
    static func read(_ item: XML.Element, core: String?, context: ReadContext) -> [Enclosure] {
        var found: [Enclosure] = []
        func add(_ url: String?, _ type: String?, _ length: String?, base: URL?) {
            guard let url = context.url(url, base: base), !found.contains(where: { $0.url == url }) else { return }
            let type = type?.trimmingCharacters(in: .whitespaces)
            found.append(Enclosure(url: url, type: type?.isEmpty == false ? type : nil,
                                   length: ReadContext.length(length)))
        }
        let atomNamespaces: Set<String?> = [Namespace.atom, Namespace.atom03]
        for element in item.elements {
            if element.name == "enclosure", element.namespace == nil || element.namespace == core {
                add(element.attribute("url"), element.attribute("type"), element.attribute("length"), base: element.base)
            } else if element.name == "link", atomNamespaces.contains(element.namespace),
                      element.attribute("rel") == "enclosure" {
                add(element.attribute("href"), element.attribute("type"), element.attribute("length"), base: element.base)
            }
        }
        let mediaContent = XML.Name(Namespace.media, "content")
        let mediaGroups = item.all([XML.Name(Namespace.media, "group")])
        for media in item.all([mediaContent]) + mediaGroups.flatMap({ $0.all([mediaContent]) }) {
            add(media.attribute("url"), media.attribute("type"), media.attribute("fileSize"), base: media.base)
        }
        let thumbnail = XML.Name(Namespace.media, "thumbnail")
        for media in item.all([thumbnail]) + mediaGroups.flatMap({ $0.all([thumbnail]) }) {
            add(media.attribute("url"), nil, nil, base: media.base)
        }
        return found
    }
}
