import Foundation
import Testing

@testable import FeedParser

/// `URLFastPath` may only answer where `URL(string:)` would print the same string back: checked
/// here against Foundation for URLs it takes and for URLs it must leave to the general path.
@Suite("URL fast path")
struct URLFastPathTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let url: String
        let fast: Bool
        var testDescription: String { url }
    }

    static let cases = [
        Case(url: "https://example.org/posts/1/0/more#k1", fast: true),
        Case(url: "http://example.org", fast: true),
        Case(url: "http://a.org/x/../y", fast: true),
        Case(url: "http://a.org/a%2Fb?x=1&y=(2)", fast: true),
        Case(url: "https://a.org/@x:y;z=1,2~", fast: true),
        Case(url: "http://a.org/a#b#c", fast: false),
        Case(url: "http://a.org/%zz", fast: false),
        Case(url: "http://a.org:8080/", fast: false),
        Case(url: "http://user@a.org/", fast: false),
        Case(url: "HTTP://A.ORG/", fast: false),
        Case(url: "http://a.org/a b", fast: false),
        Case(url: " http://a.org/", fast: false),
        Case(url: "http://a.org/é", fast: false),
        Case(url: "http://[::1]/", fast: false),
        Case(url: "javascript:alert(1)", fast: false),
        Case(url: "/relative/path", fast: false)
    ]

    @Test("answers only what URL(string:) prints back", arguments: cases)
    func matchesFoundation(_ testCase: Case) {
        let fast = URLFastPath.plainHTTP(testCase.url)
        #expect((fast != nil) == testCase.fast)
        if let fast {
            #expect(fast == URL(string: testCase.url)?.absoluteString)
            #expect(fast == URLPolicy.sanitize(testCase.url, base: nil))
        }
    }
}
