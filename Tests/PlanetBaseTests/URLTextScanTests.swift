import Foundation
import Testing

@testable import PlanetBase

/// `URLText` reads ASCII text byte by byte and other text character by character: both ways must
/// give the same parts.
@Suite("URLText: the byte scan of ASCII text and the character scan agree")
struct URLTextScanTests {
    static let texts = [
        "https://blog.example.org/feed.xml", "HTTP://User:Pw@Example.ORG:8080/Feed?x=1#top",
        "https://a@b@host.example/p", "https://host.example", "https://host.example?q", "https://host.example#f",
        "http://[::1]:8080/x", "mailto:jane@example.org", "no scheme at all", "file:///srv/feeds/a.xml",
        "https://:@h/", "https://", "a:b://c/d", "https://user@/path", "HTTPS://WWW.EXAMPLE.COM",
        "https://h.example/a:b@c", "http://h.example\r\n/x"
    ]

    @Test("the byte scan of ASCII text finds what the character scan finds")
    func asciiAndCharacterScansAgree() {
        // "#é" ends no authority earlier than the text did, and forces the character scan.
        let suffix = "#é"
        for text in Self.texts {
            let other = text + suffix
            #expect(URLText.userinfo(of: other) == URLText.userinfo(of: text), "\(text)")
            #expect(URLText.origin(of: other) == URLText.origin(of: text), "\(text)")
            #expect(URLText.removingUserinfo(other) == URLText.removingUserinfo(text) + suffix, "\(text)")
            #expect(
                URLText.lowercasingSchemeAndHost(other) == URLText.lowercasingSchemeAndHost(text) + suffix, "\(text)")
            #expect(
                URLText.addingUserinfo("u:p", to: other) == URLText.addingUserinfo("u:p", to: text) + suffix, "\(text)")
        }
    }

    @Test func partsOfAURL() {
        #expect(
            URLText.lowercasingSchemeAndHost("HTTP://User:Pw@Example.ORG:8080/Feed")
                == "http://User:Pw@example.org:8080/Feed")
        #expect(URLText.userinfo(of: "https://a@b@host.example/p") == "a@b")
        #expect(URLText.removingUserinfo("https://user:pw@host.example/feed") == "https://host.example/feed")
        #expect(URLText.addingUserinfo("u:p", to: "https://old@host.example/") == "https://u:p@host.example/")
        #expect(URLText.origin(of: "HTTPS://Host.Example:443/x?y") == "https://host.example:443")
        #expect(URLText.origin(of: "mailto:jane@example.org") == nil)
        // Non-ASCII text goes by characters.
        #expect(URLText.lowercasingSchemeAndHost("HTTPS://ÉTÉ.Example/Été") == "https://été.example/Été")
    }
}
