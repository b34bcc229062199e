import Foundation

/// Hostile XML documents (docs/ARCHITECTURE.md, rules 6 and 8), generated at test time: each is a valid RSS 2.0 shell
/// around one attack, so a parser that fell for it would return a feed.
enum XMLAttack {
    /// RSS with `doctype` before the root and `body` inside the one item's title.
    static func rss(doctype: String, title: String, description: String = "safe") -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            \(doctype)
            <rss version="2.0"><channel><title>Attack</title><link>https://example.org/</link>
            <item><title>\(title)</title><link>https://example.org/1</link>
            <description>\(description)</description></item></channel></rss>
            """.utf8)
    }

    /// XXE: an external general entity naming a local file, referenced in the title.
    static let fileEntity = rss(
        doctype: #"<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>"#,
        title: "&xxe;")

    /// XXE over the network: an external general entity at `url`.
    static func httpEntity(_ url: URL) -> Data {
        rss(doctype: #"<!DOCTYPE rss [<!ENTITY xxe SYSTEM "\#(url.absoluteString)">]>"#, title: "&xxe;")
    }

    /// An external parameter entity at `url` (the out-of-band XXE exfiltration pattern).
    static func httpParameterEntity(_ url: URL) -> Data {
        rss(
            doctype: #"<!DOCTYPE rss [<!ENTITY % remote SYSTEM "\#(url.absoluteString)"> %remote;]>"#,
            title: "plain")
    }

    /// Billion laughs: ten levels of ten references, 10^9 "lol"s if expanded.
    static let billionLaughs: Data = {
        var declarations = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            let references = String(repeating: "&lol\(level - 1);", count: 10)
            declarations += #"<!ENTITY lol\#(level) "\#(references)">"#
        }
        return rss(doctype: "<!DOCTYPE rss [\(declarations)]>", title: "&lol9;", description: "&lol9;")
    }()

    /// Quadratic blowup: one 100 KB entity referenced 10 000 times (1 GB if expanded), in text
    /// and in an attribute value.
    static let quadraticBlowup: Data = {
        let big = String(repeating: "a", count: 100_000)
        let references = String(repeating: "&big;", count: 10_000)
        return rss(
            doctype: #"<!DOCTYPE rss [<!ENTITY big "\#(big)">]>"#, title: "x",
            description: references)
    }()

    /// The same amplification in an attribute value (`<enclosure url="&big;&big;…">`).
    static let quadraticBlowupInAttribute: Data = {
        let big = String(repeating: "a", count: 100_000)
        let references = String(repeating: "&big;", count: 10_000)
        return rss(
            doctype: #"<!DOCTYPE rss [<!ENTITY big "\#(big)">]>"#,
            title: #"x</title><enclosure url="\#(references)" type="audio/mpeg" length="1"/><title>y"#)
    }()

    /// A 50 MB body: a valid feed whose one description is padded with spaces.
    static let fiftyMegabytes: Data = rss(
        doctype: "", title: "big",
        description: String(repeating: " ", count: 50_000_000))
}
