import FeedParser
import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("per-feed overrides (FeedOverrides)")
struct FeedOverridesTests {
    static func feed() -> Feed {
        var feed = Feed(format: .rss20)
        feed.language = "fr"
        feed.author = Person(name: "Owner")
        feed.entries = [
            Entry(
                id: "same", title: "A", link: "https://a.example/1", author: Person(name: "Jane"),
                summary: "1 < 2 & 3\nnext", content: "x <b>y</b>", language: "fr"),
            Entry(id: "same", title: "B", link: "https://a.example/2")
        ]
        return feed
    }

    @Test func nothingSetChangesNothing() {
        var feed = Self.feed()
        FeedOverrides(FeedSettings([])).apply(to: &feed)
        #expect(feed == Self.feed())
        #expect(FeedOverrides(FeedSettings([])).contentType("text/xml; charset=utf-8") == "text/xml; charset=utf-8")
    }

    @Test func eachOverride() {
        let settings = FeedSettings(
            [
                ("ignore_author", "yes"), ("ignore_id", "yes"), ("ignore_language", "yes"), ("summary_type", "text"),
                ("content_type", "text"), ("xml_base", "https://cdn.example/"), ("encoding", "koi8-r")
            ].map { FeedSettings.Pair(key: $0.0, value: $0.1) })
        var feed = Self.feed()
        settings.overrides.apply(to: &feed)
        #expect(feed.author == nil && feed.language == nil)
        #expect(feed.entries.map(\.id) == ["https://a.example/1", "https://a.example/2"])
        #expect(feed.entries[0].author == nil && feed.entries[0].language == nil)
        #expect(feed.entries[0].summary == "1 &lt; 2 &amp; 3<br>\nnext")
        #expect(feed.entries[0].content == "x &lt;b&gt;y&lt;/b&gt;")
        #expect(feed.entries.allSatisfy { $0.htmlBase == "https://cdn.example/" })
        #expect(settings.overrides.contentType("text/xml; charset=utf-8") == "text/xml; charset=koi8-r")
        #expect(settings.overrides.contentType(nil) == "application/xml; charset=koi8-r")
    }
}
