import CCurl
import Foundation
import Testing

@testable import PlanetFetcher

/// After a redirect from a public address, the ways a hop can end that would tell something of the
/// network behind planet read as one failure. (A DNS failure cannot be produced over loopback
/// without a resolver of our own, so the rule is tested on the responses the engine reports.)
@Suite("HTTPFetch: what a redirect target's failure may tell")
struct RedirectTargetTests {
    func response(_ code: CURLcode, refused: Bool = false, connected: Bool = false) -> HTTPResponse {
        var response = HTTPResponse.notRun(code: Int32(code.rawValue), errorText: "")
        response.refusedPrivate = refused
        response.connectedPrivate = connected
        return response
    }

    @Test("a private address, refused or connected to, and a name that does not resolve are hidden alike")
    func hidden() {
        #expect(HTTPFetch.hidesTarget(response(CURLE_COULDNT_CONNECT, refused: true)))
        #expect(HTTPFetch.hidesTarget(response(CURLE_OK, connected: true)))
        #expect(HTTPFetch.hidesTarget(response(CURLE_COULDNT_RESOLVE_HOST)))
    }

    @Test("a public target that refuses, times out or answers is reported as itself")
    func shown() {
        #expect(!HTTPFetch.hidesTarget(response(CURLE_COULDNT_CONNECT)))
        #expect(!HTTPFetch.hidesTarget(response(CURLE_OPERATION_TIMEDOUT)))
        #expect(!HTTPFetch.hidesTarget(response(CURLE_OK)))
    }
}
