import Foundation

/// The picture of an item that carries it only as Media RSS `media:thumbnail` (Media RSS 1.5.1;
/// YouTube and PeerTube in `media:group`): shown at the top of the entry, linked to the post,
/// when the HTML the page shows (content, else summary) has no image of its own. Before this,
/// such entries showed no picture at all, or a bare file link among the enclosures.
enum MediaThumbnail {
    /// Puts the item's first thumbnail before the shown field (`content`, else `summary`; a new
    /// summary when there is neither) unless that field already holds an `img`. The shown field
    /// is sanitized to find out; the picture is sanitized HTML with absolute URLs.
    /// - Parameter link: the entry's link (absolute URL): what the picture links to.
    static func show(
        _ item: XML.Element, link: String?, summary: inout EntryHTML?, content: inout EntryHTML?,
        context: ReadContext
    ) {
        let key = XML.Name(Namespace.media, "thumbnail")
        let groups = item.all([XML.Name(Namespace.media, "group")])
        guard let thumbnail = item.first([key]) ?? groups.lazy.compactMap({ $0.first([key]) }).first,
            let source = context.url(thumbnail.attribute("url"), base: thumbnail.base)
        else { return }
        if !EntryHTML.isEmpty(&content) {
            if content?.html.contains("<img") == true { return }
        } else if !EntryHTML.isEmpty(&summary), summary?.html.contains("<img") == true {
            return
        }
        var picture = "<img src=\"\(XML.Element.escape(source, quotes: true))\" alt=\"\">"
        if let link { picture = "<a href=\"\(XML.Element.escape(link, quotes: true))\">\(picture)</a>" }
        guard let html = HTMLSanitizer.sanitizeEntryHTML("<p>\(picture)</p>", base: nil) else { return }
        if var shown = content {
            shown.html = html + "\n" + shown.html
            content = shown
        } else if var shown = summary {
            shown.html = html + "\n" + shown.html
            summary = shown
        } else {
            summary = EntryHTML(html: html, base: thumbnail.base, isSanitized: true)
        }
    }
}
