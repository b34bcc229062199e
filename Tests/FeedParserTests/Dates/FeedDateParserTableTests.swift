import Foundation
import Testing

@testable import FeedParser

/// One date string as found in a feed, with the UTC instant a reader of it agrees with.
struct DateCase: CustomTestStringConvertible, Sendable {
    let text: String
    /// RFC 3339 UTC, whole seconds; nil when the text must be refused.
    let expected: String?
    /// Where the string was seen: a corpus file number, "feedparser", or a note.
    let source: String

    init(_ text: String, _ expected: String?, _ source: String) {
        self.text = text
        self.expected = expected
        self.source = source
    }

    var testDescription: String { "\(source): '\(text)'" }
}

@Suite("FeedDateParser table")
struct FeedDateParserTableTests {
    @Test("real-world feed dates", arguments: DateCases.corpus + DateCases.rfc822 + DateCases.iso)
    func readable(_ c: DateCase) throws {
        let date = try #require(FeedDateParser.parse(c.text), "\(c.source): '\(c.text)' not read")
        #expect(FeedDateParser.rfc3339(date) == c.expected)
    }

    @Test("localized, numeric and CJK dates", arguments: DateCases.localized)
    func localized(_ c: DateCase) throws {
        let date = try #require(FeedDateParser.parse(c.text), "\(c.source): '\(c.text)' not read")
        #expect(FeedDateParser.rfc3339(date) == c.expected)
    }

    @Test("unreadable dates give nil", arguments: DateCases.unreadable)
    func unreadable(_ c: DateCase) {
        #expect(FeedDateParser.parse(c.text) == nil)
    }
}
