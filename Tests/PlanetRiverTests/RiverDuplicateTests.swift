import FeedParser
import Foundation
import Testing

@testable import PlanetRiver

@Suite("River: the same post once, the author's copy")
struct RiverDuplicateTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let victim = RiverSource(
        feedURL: "https://victim.example/feed", name: "Victim", siteLink: "https://victim.example/")
    let attacker = RiverSource(
        feedURL: "https://attacker.example/feed", name: "Attacker",
        siteLink: "https://attacker.example/")
    let member = RiverSource(
        feedURL: "https://blog.example.org/feed", name: "Member", siteLink: "https://blog.example.org/")
    let aggregator = RiverSource(
        feedURL: "https://planet.example.net/rss", name: "Aggregator",
        siteLink: "https://planet.example.net/")

    func candidate(
        _ id: String, title: String, link: String?, published: Double, source: RiverSource,
        firstSeen: Double
    ) -> RiverCandidate {
        RiverCandidate(
            entry: Entry(id: id, title: title, link: link, published: now.addingTimeInterval(published)),
            source: source, firstSeen: now.addingTimeInterval(firstSeen))
    }

    @Test("a feed reusing another's guid with a date one second later does not replace the post")
    func reusedGuidKeepsTheVictimsPost() {
        let river = River.build(
            [
                candidate(
                    "urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427", title: "My post",
                    link: "https://victim.example/post",
                    published: -3600, source: victim, firstSeen: -3600),
                candidate(
                    "urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427", title: "Buy pills",
                    link: "https://attacker.example/x",
                    published: -3599, source: attacker, firstSeen: -60)
            ], now: now, limit: 10)
        #expect(river.map { "\($0.source.name): \($0.entry.title ?? "")" } == ["Victim: My post"])
    }

    @Test("links that differ only in scheme, case, port, slash, tracking and fragment are one post")
    func normalisedLinks() {
        #expect(
            DuplicateLink.key("HTTP://Blog.Example.ORG:80/notes/hello?utm_medium=rss&utm_campaign=feed#more")
                == DuplicateLink.key("https://blog.example.org/notes/hello"))
        #expect(
            DuplicateLink.key("https://www.example.org/a/?fbclid=x&gclid=y&page=2")
                == "example.org/a?page=2")
        #expect(DuplicateLink.key("https://example.org:8443/a") == "example.org:8443/a")
        #expect(DuplicateLink.key("https://example.org/a?p=1") != DuplicateLink.key("https://example.org/a?p=2"))
    }

    @Test("of an aggregator's copy and the member's own, the member's is kept, even when seen later")
    func authorsCopyWins() {
        let river = River.build(
            [
                candidate(
                    "https://planet.example.net/p/77", title: "Hello (via planet)",
                    link: "HTTP://Blog.Example.ORG:80/notes/hello?utm_medium=rss&utm_campaign=feed#more",
                    published: -10, source: aggregator, firstSeen: -100),
                candidate(
                    "https://blog.example.org/notes/hello", title: "Hello",
                    link: "https://blog.example.org/notes/hello",
                    published: -20, source: member, firstSeen: -50)
            ], now: now, limit: 10)
        #expect(river.map(\.source.name) == ["Member"])
    }

    @Test(
        "an aggregator copy with the author's guid, a tracking link, a later date, seen first: the author's wins"
    )
    func authorsCopyWinsOverAnAggregatorReusingItsGuid() {
        let id = "tag:blog.example.org,2026:notes/hello"
        let river = River.build(
            [
                candidate(
                    id, title: "Hello (via planet)",
                    link: "https://blog.example.org/notes/hello/?utm_source=planet&utm_medium=rss&fbclid=abc",
                    published: -10, source: aggregator, firstSeen: -100),
                candidate(
                    id, title: "Hello", link: "https://blog.example.org/notes/hello", published: -20, source: member,
                    firstSeen: -50)
            ], now: now, limit: 10)
        #expect(river.map { "\($0.source.name): \($0.entry.title ?? "")" } == ["Member: Hello"])
    }

    @Test("an author's feed that names no site is the author's by its own host")
    func authorWithoutSiteLinkIsKnownByItsFeedsHost() {
        let bare = RiverSource(feedURL: "https://blog.example.org/feed.xml", name: "Member")
        let river = River.build(
            [
                candidate(
                    "https://planet.example.net/p/77", title: "Hello (via planet)",
                    link: "https://blog.example.org/notes/hello?utm_campaign=feed&mc_cid=1",
                    published: -10, source: aggregator, firstSeen: -100),
                candidate(
                    "https://blog.example.org/notes/hello", title: "Hello",
                    link: "https://blog.example.org/notes/hello", published: -20, source: bare, firstSeen: -50)
            ], now: now, limit: 10)
        #expect(river.map(\.source.name) == ["Member"])
    }

    @Test("a copy sharing a guid but not the link stays the one seen first, even on its link's own host")
    func sharedGuidWithAnotherLinkKeepsTheFirstSeen() {
        let id = "tag:blog.example.org,2026:notes/hello"
        let river = River.build(
            [
                candidate(
                    id, title: "Hello (via planet)", link: "https://blog.example.org/notes/hello?utm_source=planet",
                    published: -10, source: aggregator, firstSeen: -100),
                candidate(
                    id, title: "Other", link: "https://blog.example.org/notes/other", published: -20, source: member,
                    firstSeen: -50)
            ], now: now, limit: 10)
        #expect(river.map(\.source.name) == ["Aggregator"])
    }

    @Test("without an author's copy, the copy first seen is kept")
    func firstSeenCopyWins() {
        let other = RiverSource(
            feedURL: "https://other.example/feed", name: "Other", siteLink: "https://other.example/")
        let river = River.build(
            [
                candidate(
                    "a", title: "x", link: "https://blog.example.org/p", published: -10, source: other, firstSeen: -10),
                candidate(
                    "b", title: "x", link: "https://blog.example.org/p/", published: -20, source: aggregator,
                    firstSeen: -90)
            ], now: now, limit: 10)
        #expect(river.map(\.source.name) == ["Aggregator"])
    }

    @Test(
        "first seen in the same build, a post sharing guid and link goes to its link's host's feed, whatever the order",
        arguments: [false, true])
    func sameBuildTieGoesToTheAuthor(attackerListedFirst: Bool) {
        let id = "urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427"
        let own = candidate(
            id, title: "My post", link: "https://victim.example/post", published: -3600, source: victim,
            firstSeen: 0)
        let copy = candidate(
            id, title: "Buy pills", link: "https://victim.example/post", published: -3599, source: attacker,
            firstSeen: 0)
        let river = River.build(attackerListedFirst ? [copy, own] : [own, copy], now: now, limit: 10)
        #expect(river.map { "\($0.source.name): \($0.entry.title ?? "")" } == ["Victim: My post"])
    }

    @Test("first seen in the same build, with no author's copy, the feed first in feeds.txt keeps the post")
    func sameBuildTieWithoutAuthorGoesToFeedsOrder() {
        let other = RiverSource(
            feedURL: "https://a-mirror.example/feed", name: "Mirror", siteLink: "https://a-mirror.example/")
        let first = candidate(
            "tag:example.org,2026:1", title: "Post", link: "https://blog.example.org/p", published: -100,
            source: aggregator, firstSeen: 0)
        let later = candidate(
            "tag:example.org,2026:1", title: "Post (mirror)", link: "https://blog.example.org/p", published: -99,
            source: other, firstSeen: 0)
        #expect(River.build([first, later], now: now, limit: 10).map(\.source.name) == ["Aggregator"])
        #expect(River.build([later, first], now: now, limit: 10).map(\.source.name) == ["Mirror"])
    }
}
