import Foundation
import PlanetFetcher
import Testing

/// `Retry-After` (RFC 9110 §10.2.3) read into an instant against an injected `now`.
@Suite("FetchFailure.retryAfterDate")
struct RetryAfterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var header: String?
        /// Seconds since 1970, nil when no date is expected.
        var expected: Double?
        var testDescription: String { header.map { "'\($0)'" } ?? "absent" }
    }

    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test(
        "delay-seconds and HTTP-dates",
        arguments: [
            Case(header: "120", expected: 1_700_000_120),
            Case(header: " 0 ", expected: 1_700_000_000),
            Case(header: "Wed, 21 Oct 2015 07:28:00 GMT", expected: 1_445_412_480),
            Case(header: "86400", expected: 1_700_086_400),
            Case(header: "31536000", expected: 1_700_086_400),  // a year: capped at 24 h
            Case(header: "99999999999999999999999", expected: 1_700_086_400),
            Case(header: "Fri, 01 Jan 2100 00:00:00 GMT", expected: 1_700_086_400),
            Case(header: "soon", expected: nil),
            Case(header: nil, expected: nil)
        ])
    func retryAfter(_ test: Case) throws {
        let url = try #require(URL(string: "https://example.org/feed"))
        let failure = FetchFailure(kind: .httpError, url: url, status: 503, message: "x", retryAfter: test.header)
        #expect(failure.retryAfterDate(now: Self.now) == test.expected.map { Date(timeIntervalSince1970: $0) })
    }
}
