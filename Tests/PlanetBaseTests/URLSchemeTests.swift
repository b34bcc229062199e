import Foundation
import PlanetBase
import Testing

@Suite("URL schemes: the one http(s) rule")
struct URLSchemeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        /// What `URLScheme.of` reads, nil for none.
        var scheme: String?
        var isHTTP: Bool
        var testDescription: String { "'\(text)'" }
    }

    static let cases: [Case] = [
        Case(text: "https://example.org/feed", scheme: "https", isHTTP: true),
        Case(text: "http://example.org/feed", scheme: "http", isHTTP: true),
        Case(text: "HTTPS://EXAMPLE.ORG/", scheme: "HTTPS", isHTTP: true),
        Case(text: "Http://example.org/", scheme: "Http", isHTTP: true),
        Case(text: "file:///tmp/feed.xml", scheme: "file", isHTTP: false),
        Case(text: "httpx://example.org/", scheme: "httpx", isHTTP: false),
        Case(text: "ftp://example.org/", scheme: "ftp", isHTTP: false),
        // Compared byte by byte, case-insensitively: one letter off is another scheme.
        Case(text: "hTtPs://example.org/", scheme: "hTtPs", isHTTP: true),
        Case(text: "HTTPq://example.org/", scheme: "HTTPq", isHTTP: false),
        Case(text: "htt://example.org/", scheme: "htt", isHTTP: false),
        Case(text: "hxtp://example.org/", scheme: "hxtp", isHTTP: false),
        Case(text: "mailto:jane@example.org", scheme: "mailto", isHTTP: false),
        Case(text: "tag:example.org,2026:1", scheme: "tag", isHTTP: false),
        Case(text: "c++:1", scheme: "c++", isHTTP: false),
        Case(text: "http", scheme: nil, isHTTP: false),
        Case(text: "example.org/feed", scheme: nil, isHTTP: false),
        Case(text: "/srv/feed.xml", scheme: nil, isHTTP: false),
        Case(text: ":x", scheme: nil, isHTTP: false),
        Case(text: "9ab:x", scheme: nil, isHTTP: false),
        Case(text: "ht tp://example.org/", scheme: nil, isHTTP: false),
        Case(text: "", scheme: nil, isHTTP: false)
    ]

    @Test(arguments: cases)
    func readsTheSchemeAndAnswersTheOneQuestion(_ c: Case) {
        #expect(URLScheme.of(c.text) == c.scheme)
        #expect(URLScheme.hasHTTPScheme(c.text) == c.isHTTP)
        if let url = URL(string: c.text), url.scheme != nil {
            #expect(url.hasHTTPScheme == c.isHTTP)
        }
    }

    @Test func aURLWithoutSchemeIsNotHTTP() throws {
        #expect(try #require(URL(string: "feed.xml")).hasHTTPScheme == false)
        #expect(try #require(URL(string: "//example.org/feed")).hasHTTPScheme == false)
    }

    @Test("only 80 for http and 443 for https are default ports")
    func defaultPorts() {
        #expect(URLScheme.isDefaultPort(80, scheme: "http"))
        #expect(URLScheme.isDefaultPort(443, scheme: "https"))
        #expect(!URLScheme.isDefaultPort(443, scheme: "http"))
        #expect(!URLScheme.isDefaultPort(80, scheme: "https"))
        #expect(!URLScheme.isDefaultPort(8080, scheme: "http"))
        #expect(!URLScheme.isDefaultPort(80, scheme: "ftp"))
    }
}
