/// CDATA markers that reached HTML as text: a feed that escaped its CDATA section
/// (`&lt;![CDATA[&lt;p&gt;…&lt;/p&gt;]]&gt;` inside a `description`, or a CDATA section inside
/// another) hands the HTML parser `<![CDATA[…]]>`, which HTML reads as a bogus comment and text
/// (HTML Living Standard §13.2.5.42): the markers showed on the page, or the start of the post
/// vanished. The markers are removed and what they wrapped is read as the field's HTML, as the
/// publisher meant it.
enum EscapedCDATA {
    static let start = "<![CDATA["
    static let end = "]]>"

    /// `html` without its CDATA markers: each `<![CDATA[` and the `]]>` that closes it; `html`
    /// itself when it holds none.
    static func unwrapped(_ html: String) -> String {
        guard html.contains(start) else { return html }
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        while let open = rest.range(of: start) {
            out += rest[..<open.lowerBound]
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: end) else { break }
            out += rest[..<close.lowerBound]
            rest = rest[close.upperBound...]
        }
        out += rest
        return out
    }
}
