import Foundation
import Testing

@testable import FeedParser

@Suite("feed autodiscovery")
struct FeedDiscoveryTests {
    static let page = URL(string: "https://blog.example.org/posts/hello.html")!

    @Test func findsAlternateFeedLinksInOrderResolvedAndOnce() {
        let html = """
            <!DOCTYPE html>
            <html><head><meta charset=utf-8>
            <title>Blog</title>
            <link rel=stylesheet href=/style.css>
            <link rel="alternate" type="application/rss+xml" title="  Blog   RSS " href="/feed.xml">
            <link rel="Alternate" type="application/atom+xml; charset=utf-8" href="atom.xml" title="Blog Atom">
            <link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/1">
            <link rel="alternate" type="application/json+oembed" href="/oembed">
            <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
            <link rel="alternate" type="application/rss+xml" href="">
            <link rel="home alternate" type="APPLICATION/FEED+JSON" href="//cdn.example.net/feed.json">
            <link rel="alternate" type="application/rss+xml" href="https://blog.example.org/feed.xml">
            </head><body><p>Hi</body></html>
            """
        let feeds = FeedDiscovery.alternateLinks(html: Data(html.utf8), base: Self.page)
        #expect(
            feeds == [
                DiscoveredFeed(
                    url: URL(string: "https://blog.example.org/feed.xml")!, title: "Blog RSS",
                    type: "application/rss+xml"),
                DiscoveredFeed(
                    url: URL(string: "https://blog.example.org/posts/atom.xml")!, title: "Blog Atom",
                    type: "application/atom+xml"),
                DiscoveredFeed(
                    url: URL(string: "https://cdn.example.net/feed.json")!, title: nil,
                    type: "application/feed+json")
            ])
    }

    @Test func aBaseElementChangesTheBaseAndLinksInTheBodyCount() {
        let html = """
            <html><head><base href="https://other.example/sub/"><title>x</title></head>
            <body><div><link rel=alternate type=application/atom+xml href=feed.atom title="Café ✓"></div></body></html>
            """
        let feeds = FeedDiscovery.alternateLinks(html: Data(html.utf8), base: Self.page)
        #expect(feeds.map(\.url.absoluteString) == ["https://other.example/sub/feed.atom"])
        #expect(feeds.map(\.title) == ["Café ✓"])
    }

    @Test func readsALatin1PageByItsMetaCharset() {
        var html = Data("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\">".utf8)
        html.append(Data("<link rel=alternate type=application/rss+xml href=/rss title=\"Caf".utf8))
        html.append(0xE9)
        html.append(Data("\"></head></html>".utf8))
        let feeds = FeedDiscovery.alternateLinks(html: html, base: Self.page)
        #expect(feeds.map(\.title) == ["Café"])
    }

    @Test(arguments: [
        "", "<p>no links</p>", "not html at all", "{\"json\": true}",
        "<link rel=alternate type=text/css href=/x.css>"
    ])
    func findsNothingWhereNothingIsAnnounced(_ html: String) {
        #expect(FeedDiscovery.alternateLinks(html: Data(html.utf8), base: Self.page).isEmpty)
    }
}
