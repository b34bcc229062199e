import Foundation
import PlanetBase

/// Finds the feeds an HTML page announces, so that people can subscribe to a site by its address.
///
/// The rule is the one browsers and feed readers follow (RSS Autodiscovery, rssboard.org
/// "rss-autodiscovery"; RFC 4287 §7.1 / HTML `rel=alternate`; JSON Feed 1.1 "Discovery"): every
/// `<link>` whose `rel` holds the token `alternate` and whose `type` is `application/rss+xml`,
/// `application/atom+xml` or `application/feed+json`. `application/json` is not taken: WordPress
/// announces its REST API with it. The page is read with libxml2's HTML parser, which recovers
/// from any markup.
public enum FeedDiscovery {
    /// Media types of feeds, as they appear in `type` (compared lower-cased, without parameters).
    public static let feedTypes: Set<String> = ["application/rss+xml", "application/atom+xml", "application/feed+json"]

    /// The feeds a page links to, in document order, each URL once.
    /// - Parameters:
    ///   - html: the page's bytes; UTF-8 unless they are not valid UTF-8, then `<meta charset>`.
    ///   - base: the page URL after redirects.
    /// - Returns: absolute http(s) feed URLs (other schemes, e.g. `javascript:`, are dropped);
    ///   empty when the page links no feed or is not HTML.
    public static func alternateLinks(html: Data, base: URL) -> [DiscoveredFeed] {
        let encoding: String? = String(data: html, encoding: .utf8) == nil ? nil : "UTF-8"
        guard let root = LibXML2.parseHTML(html, base: base, encoding: encoding) else { return [] }
        var links: [XML.Element] = []
        var baseHref: String?
        collect(root, depth: 0, links: &links, baseHref: &baseHref)
        let documentBase = baseHref.flatMap { URL(string: $0, relativeTo: base)?.absoluteURL } ?? base
        var seen: Set<URL> = []
        var result: [DiscoveredFeed] = []
        for link in links {
            guard let feed = feed(from: link, base: documentBase), seen.insert(feed.url).inserted else { continue }
            result.append(feed)
        }
        return result
    }

    /// A `<link>` as a discovered feed, nil when it is not an alternate feed link.
    private static func feed(from link: XML.Element, base: URL) -> DiscoveredFeed? {
        let rel = (attribute(link, "rel") ?? "").lowercased().split(whereSeparator: \.isWhitespace)
        guard rel.contains("alternate") else { return nil }
        let type =
            (attribute(link, "type") ?? "").split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard feedTypes.contains(type),
            let href = attribute(link, "href")?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty,
            let url = URL(string: href, relativeTo: base)?.absoluteURL,
            url.hasHTTPScheme,
            url.host?.isEmpty == false
        else { return nil }
        return DiscoveredFeed(url: url, title: attribute(link, "title").flatMap(PlainText.collapse), type: type)
    }

    /// Every `<link>` (wherever recovery put it) and the first `<base href>`, in document order.
    private static func collect(
        _ element: XML.Element, depth: Int, links: inout [XML.Element],
        baseHref: inout String?
    ) {
        guard depth < 256 else { return }
        for child in element.elements {
            switch child.name.lowercased() {
            case "link":
                links.append(child)
            case "base" where baseHref == nil:
                baseHref = attribute(child, "href")?.trimmingCharacters(in: .whitespacesAndNewlines)
            default:
                break
            }
            collect(child, depth: depth + 1, links: &links, baseHref: &baseHref)
        }
    }

    private static func attribute(_ element: XML.Element, _ name: String) -> String? {
        element.attributes.first { $0.name.lowercased() == name }?.value
    }
}
