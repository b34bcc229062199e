/// The variables Planet 2.x and Planet Venus themes read, by loop, with what their values are,
/// so that a converted template escapes each one right (`HTMLTemplateConverter`).
///
/// Both runners fill htmltmpl with `html_escape=0` (Venus planet/shell/tmpl.py, Planet 2.x
/// planet/__init__.py): a `<TMPL_VAR x>` prints the value as it is. Venus makes titles, content,
/// summaries and taglines HTML (plain text is escaped first: `tmpl_mapper`), so they print as
/// markup; names, authors, dates, URLs and settings are raw text, which htmltmpl printed
/// unescaped (a name with `&` made the page ill-formed). planet's context offers each with its
/// Venus meaning (`SiteContext+Theme.swift`), and the converter escapes by kind:
///
/// | kind | `<TMPL_VAR x>` | `ESCAPE="HTML"` / `ESCAPE=1` | `ESCAPE="URL"` |
/// |---|---|---|---|
/// | `html` | `{{{x}}}` (markup as is) | `{{x}}` (escaped once, as in rss20.xml) | `{{url_escaped.x}}` |
/// | `text` | `{{x}}` (escaped: raw text is never left raw) | `{{x}}` | `{{url_escaped.x}}` |
///
/// `ESCAPE="NONE"` / `ESCAPE=0` is the same as no `ESCAPE`.
enum ThemeVariables {
    /// What a variable's value is.
    enum Kind: Equatable {
        /// Markup (a title, the content): printed as is by default.
        case html
        /// Plain text, a URL or a date: always escaped.
        case text
    }

    /// The loop a statement is in: the top level, `Items`, `Channels`, or another (unknown) loop.
    enum Scope: Equatable {
        case top, items, channels
        case other(String)

        init(loop: String) {
            switch loop {
            case "Items": self = .items
            case "Channels": self = .channels
            default: self = .other(loop)
            }
        }
    }

    /// Top-level variables (Venus docs/templates.html, Planet 2.x INSTALL "Template files").
    static let top: [String: Kind] = [
        "name": .text, "link": .text, "owner_name": .text, "owner_email": .text, "url": .text,
        "generator": .text, "date": .text, "date_iso": .text, "date_822": .text, "feed": .text,
        "feedtype": .text
    ]

    /// Variables of the `Items` loop (besides `channel_KEY` of each feed setting).
    static let items: [String: Kind] = [
        "title": .html, "title_plain": .text, "link": .text, "content": .html, "summary": .html,
        "id": .text, "date": .text, "date_iso": .text, "date_822": .text, "author": .text,
        "author_name": .text, "author_email": .text, "author_uri": .text, "creator": .text,
        "channel_name": .text, "channel_link": .text, "channel_title": .html, "channel_title_plain": .text,
        "channel_url": .text, "channel_face": .text, "channel_facewidth": .text, "channel_faceheight": .text,
        "channel_tagline": .html, "channel_subtitle": .html,
        "new_date": .text, "new_channel": .text, "published": .text, "published_iso": .text,
        "published_822": .text, "updated": .text, "updated_iso": .text, "updated_822": .text,
        "enclosure_href": .text, "enclosure_length": .text, "enclosure_type": .text,
        "guid_isPermaLink": .text, "title_language": .text, "content_language": .text
    ]

    /// Variables of the `Channels` loop (besides each feed setting by its own name).
    static let channels: [String: Kind] = [
        "name": .text, "title": .html, "title_plain": .text, "tagline": .html, "subtitle": .html,
        "link": .text, "url": .text, "message": .text, "face": .text, "facewidth": .text, "faceheight": .text
    ]

    /// Loop magic variables htmltmpl defines in every loop that planet's loops carry too.
    static let magic: [String: Kind] = [
        "__FIRST__": .text, "__LAST__": .text, "__INNER__": .text, "__ODD__": .text, "__PASS__": .text,
        "__PASSTOTAL__": .text
    ]

    /// The kind of `name` in `scope`, nil when planet cannot fill it. `settings` are the per-feed
    /// setting keys of the planet (`channel_KEY` in `Items`, `KEY` in `Channels`).
    static func kind(of name: String, in scope: Scope, settings: Set<String>) -> Kind? {
        switch scope {
        case .top:
            return top[name]
        case .items:
            if let kind = items[name] ?? magic[name] { return kind }
            if name.hasPrefix("channel_"), settings.contains(String(name.dropFirst("channel_".count))) {
                return .text
            }
            return nil
        case .channels:
            if let kind = channels[name] ?? magic[name] { return kind }
            return settings.contains(name) ? .text : nil
        case .other:
            return nil
        }
    }

    /// The loops planet fills: `Items` and `Channels`, at the top level.
    static let loops: Set<String> = ["Items", "Channels"]
}
