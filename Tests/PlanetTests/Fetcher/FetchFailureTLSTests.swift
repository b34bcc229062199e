import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Planet
import Testing

/// An https:// URL on a server that speaks plain HTTP fails the TLS handshake; curl reports it
/// as URLError -1 (unknown) or -1200. The message says to try http:// instead of a bare code.
@Suite("FetchFailure: https:// to a plain-HTTP server")
struct FetchFailureTLSTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var url: String
        var code: URLError.Code
        var message: String
        var testDescription: String { "\(url) \(code.rawValue)" }
    }

    static let cases = [
        Case(url: "https://127.0.0.1:8080/feed.xml?a=1", code: .unknown,
             message: "'https://127.0.0.1:8080/feed.xml?a=1': TLS connection to '127.0.0.1' failed (URLError -1); "
                + "if the server speaks plain HTTP, subscribe to 'http://127.0.0.1:8080/feed.xml?a=1' instead"),
        Case(url: "https://example.org/feed", code: .secureConnectionFailed,
             message: "'https://example.org/feed': TLS connection to 'example.org' failed (URLError -1200); "
                + "if the server speaks plain HTTP, subscribe to 'http://example.org/feed' instead"),
        Case(url: "http://example.org/feed", code: .unknown,
             message: "'http://example.org/feed': request failed (URLError -1)"),
    ]

    @Test(arguments: cases)
    func messageSuggestsHTTP(_ test: Case) throws {
        let url = try #require(URL(string: test.url))
        let failure = FetchFailure(URLError(test.code), url: url, timeout: 30)
        #expect(failure.message == test.message)
    }
}
