import FeedParser
import Foundation
import Testing

@testable import PlanetRiver

/// `SharedLinkRule`: items of one feed with distinct guids and one link (a news index page) are
/// distinct posts; `allow_duplicates` turns link comparison off for a feed.
@Suite("River: distinct posts sharing a link")
struct RiverSharedLinkTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let news = RiverSource(feedURL: "https://news.example/feed", name: "News", siteLink: "https://news.example/")
    let other = RiverSource(feedURL: "https://other.example/feed", name: "Other", siteLink: "https://other.example/")

    func candidate(_ id: String, source: RiverSource, at offset: Double, inDocument: Bool = true) -> RiverCandidate {
        var candidate = RiverCandidate(
            entry: Entry(id: id, title: id, link: "https://news.example/", published: now.addingTimeInterval(offset)),
            source: source, firstSeen: now.addingTimeInterval(offset))
        candidate.inDocument = inDocument
        return candidate
    }

    @Test("four items of one document with distinct guids and the index page's link all show")
    func newsIndexPage() {
        let river = River.build(
            (1...4).map { candidate("https://news.example/#\($0)", source: news, at: Double(-$0 * 60)) },
            now: now, limit: 10)
        #expect(river.map { $0.entry.id } == (1...4).map { "https://news.example/#\($0)" })
    }

    @Test("an item whose guid changed (the old one off the document) is still one post")
    func regeneratedGuidIsOneCopy() {
        let river = River.build(
            [
                candidate("guid-old", source: news, at: -600, inDocument: false),
                candidate("guid-new", source: news, at: -60)
            ], now: now, limit: 10)
        #expect(river.map { $0.entry.id } == ["guid-old"])
    }

    @Test("another feed's copy of the link still goes")
    func otherFeedsCopyGoes() {
        let river = River.build(
            [candidate("a", source: news, at: -600), candidate("b", source: other, at: -60)], now: now, limit: 10)
        #expect(river.map { $0.entry.id } == ["a"])
    }

    @Test("allow_duplicates keeps every entry of the feed, in the document or not")
    func allowDuplicates() {
        var allowing = news
        allowing.allowsDuplicateLinks = true
        let river = River.build(
            [
                candidate("guid-old", source: allowing, at: -600, inDocument: false),
                candidate("guid-new", source: allowing, at: -60)
            ], now: now, limit: 10)
        #expect(river.map { $0.entry.id } == ["guid-new", "guid-old"])
    }
}
