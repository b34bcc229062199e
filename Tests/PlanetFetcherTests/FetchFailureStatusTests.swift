import Foundation
import Testing

@testable import PlanetFetcher

/// An HTTP error status becomes a message that names the status and what an admin can do about it.
@Suite("FetchFailure: HTTP error statuses")
struct FetchFailureStatusTests {
    let url = URL(string: "https://user:secret@feeds.example.org/feed.xml")!

    func message(_ status: Int, _ headers: [String: String] = [:]) -> String {
        FetchFailure(status: status, headers: headers, url: url, credentialsSent: true).message
    }

    @Test("each status class names its next step, after the status and without the password")
    func nextSteps() {
        let place = "'https://feeds.example.org/feed.xml': "
        #expect(
            message(404) == place
                + "HTTP 404 Not Found; "
                + "the feed is not at this address: find its new one on the site ('planet add SITE' looks for it)"
        )
        #expect(message(410) == place + "HTTP 410 Gone; the site removed the feed for good: remove it from feeds.txt")
        #expect(
            message(403).hasSuffix(
                "; the server refuses planet (it may block crawlers or this User-Agent): ask the site"))
        #expect(message(429).hasSuffix("; the server asks for fewer requests: fetch it less often, or ask the site"))
        #expect(message(418).hasSuffix("; the server rejects the request: check the URL in feeds.txt"))
        #expect(message(502).hasSuffix("; the server failed: try again later, and tell the site if it lasts"))
        #expect(
            message(503, ["retry-after": "120"]).hasSuffix(
                "; the server asks planet to wait: builds skip the feed until its Retry-After has passed"))
        #expect(
            message(429, ["retry-after": "120"]).hasSuffix(
                "; the server asks planet to wait: builds skip the feed until its Retry-After has passed"))
        #expect(
            message(503, ["retry-after": "soon"]).hasSuffix(
                "; the server failed: try again later, and tell the site if it lasts"))
        #expect(!message(500).contains("secret"))
    }
}
