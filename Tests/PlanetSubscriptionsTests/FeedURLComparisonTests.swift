import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("the same feed, written differently")
struct FeedURLComparisonTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var a: String
        var b: String
        var same: Bool
        var testDescription: String { "\(a) \(same ? "=" : "≠") \(b)" }
    }

    static let cases: [Case] = [
        Case(a: "https://Example.org/feed", b: "https://example.org/feed", same: true),
        Case(a: "HTTPS://EXAMPLE.ORG/feed", b: "https://example.org/feed", same: true),
        Case(a: "https://example.org:443/feed", b: "https://example.org/feed", same: true),
        Case(a: "http://example.org:80/feed", b: "http://example.org/feed", same: true),
        Case(a: "https://example.org", b: "https://example.org/", same: true),
        Case(a: "https://example.org/feed#top", b: "https://example.org/feed", same: true),
        Case(a: "https://example.org/feed?x=1", b: "https://EXAMPLE.org/feed?x=1", same: true),
        Case(a: "file:///tmp/a/../feed.xml", b: "file:///tmp/feed.xml", same: true),
        Case(a: "https://example.org/Feed", b: "https://example.org/feed", same: false),
        Case(a: "http://example.org/feed", b: "https://example.org/feed", same: false),
        Case(a: "https://example.org:8443/feed", b: "https://example.org/feed", same: false),
        Case(a: "https://example.org/feed?x=1", b: "https://example.org/feed?x=2", same: false),
        Case(a: "https://user@example.org/feed", b: "https://example.org/feed", same: false)
    ]

    @Test(arguments: cases)
    func comparesByTheNormalizedForm(_ testCase: Case) throws {
        let a = try #require(URL(string: testCase.a))
        let b = try #require(URL(string: testCase.b))
        #expect((FeedURLNormalizer.comparisonKey(a) == FeedURLNormalizer.comparisonKey(b)) == testCase.same)
    }

    /// Plain http(s) URLs are keyed from their text; the key is the one `URLComponents` gives.
    @Test("the key read from a plain URL's text equals the key read through URLComponents")
    func plainKeyEqualsComponentsKey() throws {
        let texts = [
            "https://Example.org/feed", "HTTPS://EXAMPLE.ORG", "http://example.org:80/feed", "https://example.org:443",
            "https://example.org:8443/a/b?c=d&e#f", "http://example.org:0080/x", "http://example.org:/x",
            "https://example.org?q", "https://example.org/?", "https://example.org/#", "https://a-b.c.example/%7Ejane/",
            "https://example.org/a//b/./c/../d", "https://example.org/p?x=%20y#z?w",
            "http://127.0.0.1:8080/n1000/feed-0001.xml",
            "https://example.org:65535/", "https://xn--bcher-kva.example/feed", "https://example.org/feed?x=1#",
            "https://EXAMPLE.org/Feed.XML", "http://example.org:443/", "https://example.org:80/",
            // Already in the compared form (the key is the text), and one digit away from it.
            "https://example.org/feed", "https://example.org:8443/f?q", "https://example.org:08443/f",
            "hTTp://example.org/f", "https://example.org/f#"
        ]
        for text in texts {
            let url = try #require(URL(string: text), "\(text)")
            let plain = try #require(FeedURLNormalizer.plainWebKey(url.absoluteString), "\(text)")
            #expect(plain == FeedURLNormalizer.componentsKey(url), "\(text)")
        }
        // Userinfo, IPv6 literals, IDN hosts and large ports go through URLComponents.
        for text in [
            "https://user:pw@example.org/f", "http://[::1]:8080/f", "https://bücher.example/f",
            "https://example.org:99999/f", "ftp://example.org/f"
        ] {
            #expect(FeedURLNormalizer.plainWebKey(text) == nil, "\(text)")
        }
    }

    @Test func addSkipsAFeedListedInAnotherCaseAndWritesACommentAbove() throws {
        var list = try FeedList.parse("title = T\n# group\nhttps://Example.org/feed  A\n", file: feedsFile)
        let present = try #require(list.subscription(sameAs: URL(string: "https://example.org:443/feed#x")!))
        #expect(present.line == 3)
        let again = list.add(Subscription(url: URL(string: "https://example.org/feed")!, name: "Again"))
        #expect(!again)
        let added = list.add(Subscription(url: URL(string: "https://b.org/f")!, name: "B"), comment: "Tech / Swift")
        #expect(added)
        #expect(
            list.serialized()
                == "title = T\n# group\nhttps://Example.org/feed  A\n# Tech / Swift\nhttps://b.org/f           B\n")
        #expect(list.subscriptions.map(\.line) == [3, 5])
        let removed = try list.remove("B")
        #expect(removed.url.absoluteString == "https://b.org/f")
        #expect(list.serialized() == "title = T\n# group\nhttps://Example.org/feed  A\n")
    }

    @Test func aFeedListedTwiceInAnotherCaseCountsOnceAndIsWarnedAbout() throws {
        let list = try FeedList.parse("https://example.org/feed\nhttps://EXAMPLE.org/feed\n", file: feedsFile)
        #expect(list.subscriptions.map(\.line) == [1])
        #expect(
            list.warnings == [
                "feeds.txt:2: 'https://EXAMPLE.org/feed' is already listed on line 1; this line is ignored"
            ])
    }

    /// The warning is printed (cron mails it, CI logs keep it): the password of a feed URL stays
    /// in feeds.txt, as everywhere else planet shows a URL.
    @Test func theDuplicateWarningHidesAPassword() throws {
        let list = try FeedList.parse(
            "https://u:s3cret@example.org/feed\nhttps://u:s3cret@example.org/feed  Again\n", file: feedsFile)
        #expect(
            list.warnings == [
                "feeds.txt:2: 'https://example.org/feed' as 'Again' is already listed on line 1; this line is ignored"
            ])
    }
}
