import FeedParser
import Foundation
import PlanetCache
import Testing

@testable import PlanetRiver

@Suite("River: dedupe, sort, cut")
struct RiverTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let alpha = RiverSource(feedURL: "https://a.example/feed", name: "A")
    let beta = RiverSource(feedURL: "https://b.example/feed", name: "B")

    func candidate(
        _ id: String, link: String? = nil, published: Double? = nil, updated: Double? = nil,
        source: RiverSource? = nil, firstSeen: Double = 0
    ) -> RiverCandidate {
        let entry = Entry(
            id: id, title: id, link: link,
            published: published.map { now.addingTimeInterval($0) },
            updated: updated.map { now.addingTimeInterval($0) })
        return RiverCandidate(entry: entry, source: source ?? alpha, firstSeen: now.addingTimeInterval(firstSeen))
    }

    @Test func sortsNewestFirstByPublishedThenFirstSeen() {
        let river = River.build(
            [
                candidate("old", published: -300),
                candidate("updated-only", updated: -100, firstSeen: -250),
                candidate("undated", firstSeen: -200),
                candidate("republished", published: -400, updated: -10)
            ], now: now, limit: 10)
        #expect(river.map(\.entry.id) == ["undated", "updated-only", "old", "republished"])
        #expect(river[1].date == now.addingTimeInterval(-250))
    }

    @Test("an entry whose updated date moves forward keeps its place")
    func updatedNeverMovesAnEntryUp() {
        let before = River.build(
            [candidate("a", updated: -500, firstSeen: -500), candidate("b", published: -100)],
            now: now, limit: 10)
        let after = River.build(
            [candidate("a", updated: -1, firstSeen: -500), candidate("b", published: -100)],
            now: now, limit: 10)
        #expect(before.map(\.entry.id) == ["b", "a"])
        #expect(after.map(\.entry.id) == ["b", "a"])
    }

    @Test func clampsFutureDatesToNow() {
        let river = River.build(
            [candidate("future", published: 86_400), candidate("past", published: -1)],
            now: now, limit: 10)
        #expect(river.map(\.entry.id) == ["future", "past"])
        #expect(river[0].date == now)
    }

    @Test("a post dated 2100 is dated by when it was first seen, so it ages like any other")
    func futureDatesAgeFromFirstSeen() {
        let future = candidate("2100", published: 2_400_000_000, firstSeen: -10 * 86_400)
        let recent = candidate("yesterday", published: -86_400)
        let river = River.build([future, recent], now: now, limit: 10)
        #expect(river.map(\.entry.id) == ["yesterday", "2100"])
        #expect(river[1].date == now.addingTimeInterval(-10 * 86_400))
        // A later build gives it the same date: it does not come back to the top.
        let later = River.build([future, recent], now: now.addingTimeInterval(30 * 86_400), limit: 10)
        #expect(later.last?.date == now.addingTimeInterval(-10 * 86_400))
    }

    @Test func breaksTiesByFeedURLThenID() {
        let river = River.build(
            [
                candidate("z", published: -5, source: beta),
                candidate("b", published: -5, source: alpha),
                candidate("a", published: -5, source: alpha)
            ], now: now, limit: 10)
        #expect(river.map(\.entry.id) == ["a", "b", "z"])
    }

    @Test("repeated ids and links: within a feed the newest copy stays, across feeds seen at once the one listed first")
    func dropsRepeatedIDsAndLinksKeepingTheFirstListed() {
        let river = River.build(
            [
                candidate("same-guid", link: "https://x/1", published: -10),
                candidate("same-guid", link: "https://x/2", published: -20),
                candidate("via-beta", link: "https://x/1", published: -5, source: beta),
                candidate("unique", link: "https://x/3", published: -30)
            ], now: now, limit: 10)
        #expect(river.map(\.entry.id) == ["same-guid", "unique"])
    }

    @Test("a guid like \"1\" counts within its feed; an absolute id (RFC 4287 §4.2.6) across feeds")
    func idsDeduplicateAcrossFeedsOnlyWhenGlobal() {
        let river = River.build(
            [
                candidate("1", link: "https://a.example/hello", published: -10),
                candidate("1", link: "https://b.example/hello", published: -20, source: beta),
                candidate("1", link: "https://a.example/again", published: -30),
                candidate("tag:example.org,2026:post-7", link: "https://a.example/7", published: -40),
                candidate(
                    "tag:example.org,2026:post-7", link: "https://mirror.example/7", published: -50, source: beta),
                candidate("https://c.example/p", published: -60, source: beta),
                candidate("https://c.example/p", published: -70)
            ], now: now, limit: 10)
        #expect(
            river.map { "\($0.source.name)/\($0.entry.id)" }
                == ["A/1", "B/1", "A/tag:example.org,2026:post-7", "A/https://c.example/p"])
    }

    @Test(
        "which ids are global",
        arguments: [
            ("https://blog.example/p/1", true), ("tag:example.org,2026:1", true), ("urn:uuid:1225c695", true),
            ("1", false), ("post-12", false), ("file:///home/me/feed.xml#1", false), (":x", false),
            ("9ab:x", false), ("http://x y", false), ("", false), ("c++:1", true)
        ])
    func globalIDs(_ id: String, _ global: Bool) {
        #expect(EntryIdentity.isGlobal(id) == global)
        #expect((EntryIdentity.riverKey(id, feedURL: "https://a.example/feed") == .global(id)) == global)
    }

    @Test func cutsToTheLimitAfterRemovingDuplicates() {
        // A copy under another guid that has left the document (SharedLinkRule).
        var copy = candidate("1-dup", link: "https://x/1", published: -2)
        copy.inDocument = false
        let river = River.build(
            [
                candidate("1", link: "https://x/1", published: -1),
                copy,
                candidate("2", published: -3),
                candidate("3", published: -4)
            ], now: now, limit: 2)
        #expect(river.map(\.entry.id) == ["1", "2"])
        #expect(River.build([candidate("1")], now: now, limit: 0).isEmpty)
    }
}

/// The build reads only the newest heads when that cannot change the page (Benchmarks/PERF.md).
@Suite("River: when the newest heads suffice")
struct RiverPrefixTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let source = RiverSource(feedURL: "https://a.example/feed", name: "A")

    func head(_ id: String, _ offset: Double, link: String? = nil) -> CachedEntry {
        CachedEntry(
            feedURL: source.feedURL,
            entry: Entry(id: id, link: link, published: now.addingTimeInterval(offset)),
            firstSeen: now, inDocument: true)
    }

    func river(_ heads: [CachedEntry], limit: Int) -> [RiverEntry] {
        River.build(
            heads.map {
                var candidate = RiverCandidate(entry: $0.entry, source: source, firstSeen: $0.firstSeen)
                candidate.inDocument = $0.inDocument
                return candidate
            },
            now: now, limit: limit)
    }

    let none: () async -> [CachedEntry] = { [] }

    @Test func fewerHeadsThanReadAlwaysSuffice() async {
        let heads = [head("a", -1), head("b", -2)]
        #expect(await River.prefixSuffices(heads, river: river(heads, limit: 5), limit: 5, read: 3, olderCopies: none))
    }

    @Test func aFullRiverNewerThanTheOldestHeadSuffices() async {
        let heads = [head("a", -1), head("b", -2), head("c", -3)]
        #expect(await River.prefixSuffices(heads, river: river(heads, limit: 2), limit: 2, read: 3, olderCopies: none))
    }

    @Test func duplicatesThatLeaveThePageShortDoNot() async {
        var copy = head("b", -2, link: "https://x/1")
        copy.inDocument = false  // a copy under another guid, off the document (SharedLinkRule)
        let heads = [head("a", -1, link: "https://x/1"), copy, head("c", -3)]
        #expect(await !River.prefixSuffices(heads, river: river(heads, limit: 3), limit: 3, read: 3, olderCopies: none))
    }

    @Test func aPageEndingInTheFutureDoesNot() async {
        let future = [head("a", 300), head("b", 200), head("c", 100)]
        #expect(
            await !River.prefixSuffices(future, river: river(future, limit: 2), limit: 2, read: 3, olderCopies: none))
    }

    @Test func anOlderCopyOfAHeadReadDoesNot() async {
        let heads = [head("tag:x,1", -1, link: "https://x/1"), head("b", -2), head("c", -3)]
        let page = river(heads, limit: 2)
        let olderByID = CachedEntry(
            feedURL: "https://m.example/feed", entry: Entry(id: "tag:x,1", published: now.addingTimeInterval(-9)),
            firstSeen: now.addingTimeInterval(-9))
        let olderByLink = CachedEntry(
            feedURL: "https://m.example/feed",
            entry: Entry(id: "m-1", link: "http://www.x/1/?utm_source=rss", published: now.addingTimeInterval(-9)),
            firstSeen: now.addingTimeInterval(-9))
        #expect(await !River.prefixSuffices(heads, river: page, limit: 2, read: 3, olderCopies: { [olderByID] }))
        #expect(await !River.prefixSuffices(heads, river: page, limit: 2, read: 3, olderCopies: { [olderByLink] }))
        // The heads themselves, and rows that only look alike to the cache's coarse test, pass.
        let unrelated = CachedEntry(
            feedURL: "https://m.example/feed", entry: Entry(id: "m-2", link: "https://y/1"),
            firstSeen: now.addingTimeInterval(-9))
        #expect(await River.prefixSuffices(heads, river: page, limit: 2, read: 3, olderCopies: { heads + [unrelated] }))
    }

    /// Heads left out at the boundary date come after the last head read (the read is ordered by
    /// date, then feed URL, place in the document and id, as the river is), so a tie is decided
    /// from the heads read.
    @Test func aTieAtTheOldestHeadIsDecidedFromTheHeadsRead() async {
        let tie = [head("a", -1), head("b", -2), head("c", -2)]
        #expect(await River.prefixSuffices(tie, river: river(tie, limit: 3), limit: 3, read: 3, olderCopies: none))
        // 400 undated entries first seen at once (a feed of 300,000 of them): a page of 60 from
        // the first 400 read suffices; before, every head of the feed was read.
        let undated = (0..<400).map { number in
            CachedEntry(
                feedURL: source.feedURL, entry: Entry(id: String(format: "u%05d", number)),
                firstSeen: now.addingTimeInterval(-60), inDocument: true)
        }
        #expect(
            await River.prefixSuffices(
                undated, river: river(undated, limit: 60), limit: 60, read: 400,
                olderCopies: none))
    }
}
