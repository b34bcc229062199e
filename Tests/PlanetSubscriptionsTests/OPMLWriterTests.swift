import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("OPMLWriter")
struct OPMLWriterTests {
    @Test("names keep tabs and line breaks as references and lose what XML 1.0 forbids, U+FFFE and U+FFFF too")
    func namesAreEscapedWithTheOneRule() throws {
        let url = try #require(URL(string: "https://example.org/feed?a=1&b=2"))
        let document = OPMLWriter.document(
            title: "Planet \u{FFFF}<X>", ownerName: "J\u{1}ane \"J\"",
            subscriptions: [Subscription(url: url, name: "A\tB\nC\u{FFFE}\u{0}'")])
        #expect(document.contains("    <title>Planet &lt;X&gt;</title>\n"))
        #expect(document.contains("    <ownerName>Jane &quot;J&quot;</ownerName>\n"))
        #expect(
            document.contains(
                #"<outline type="rss" text="A&#9;B&#10;C'" title="A&#9;B&#10;C'" "#
                    + #"xmlUrl="https://example.org/feed?a=1&amp;b=2"/>"#))
        let forbidden = document.unicodeScalars.filter {
            $0.value < 0x20 && $0 != "\n" || (0xFFFE...0xFFFF).contains($0.value)
        }
        #expect(forbidden.isEmpty)
    }

    @Test("a feed URL's user and password are not exported, neither in xmlUrl nor as the name")
    func passwordsAreHidden() throws {
        let named = try #require(URL(string: "https://jane:s3cret@example.org/private.xml"))
        let unnamed = try #require(URL(string: "https://bob:hunter2@example.net/feed"))
        let document = OPMLWriter.document(
            title: nil, subscriptions: [Subscription(url: named, name: "Jane"), Subscription(url: unnamed)])
        #expect(!document.contains("s3cret") && !document.contains("hunter2") && !document.contains("jane:"))
        #expect(document.contains(#"xmlUrl="https://example.org/private.xml""#))
        #expect(document.contains(#"text="https://example.net/feed""#))
    }
}
