import Foundation
import PlanetCache
import PlanetFetcher
import PlanetSubscriptions
import Testing

@testable import Planet

/// What a face's fetch leaves in the cache (`BuildRun.faceCopy`): a 304 replaces only the
/// validators it carries (RFC 9111 §4.3.4), a private address is said, never linked.
@Suite("Build: a face copy after its fetch")
struct FaceCopyRevalidationTests {
    static let url = "https://faces.example.org/jane.png"
    static let stored = FaceCopy(
        url: url, imageType: "png", data: Data([0x89, 0x50]),
        validators: FetchValidators(etag: "\"a\"", lastModified: "Mon, 30 Nov 2026 08:00:00 GMT"))

    static func result(_ outcome: FetchResult.Outcome) -> FetchResult {
        FetchResult(subscription: Subscription(url: URL(string: url)!), outcome: outcome)
    }

    @Test("a 304 with Last-Modified alone keeps the stored ETag; one with a new ETag replaces it")
    func notModifiedKeepsWhatItDoesNotCarry() {
        let lastModifiedOnly = FetchValidators(lastModified: "Tue, 01 Dec 2026 08:00:00 GMT")
        let (kept, warning) = BuildRun.faceCopy(
            Self.result(.notModified(permanentRedirect: nil, validators: lastModifiedOnly)), url: Self.url,
            stored: Self.stored)
        #expect(warning == nil)
        #expect(kept?.validators == FetchValidators(etag: "\"a\"", lastModified: "Tue, 01 Dec 2026 08:00:00 GMT"))
        let (renewed, _) = BuildRun.faceCopy(
            Self.result(.notModified(permanentRedirect: nil, validators: FetchValidators(etag: "\"b\""))),
            url: Self.url, stored: Self.stored)
        #expect(renewed?.validators == FetchValidators(etag: "\"b\"", lastModified: "Mon, 30 Nov 2026 08:00:00 GMT"))
    }

    @Test("a face at a private address keeps its last good copy, with a warning that says so")
    func privateAddress() {
        let failure = FetchFailure(kind: .privateAddress, url: URL(string: Self.url)!, message: "private")
        let (kept, warning) = BuildRun.faceCopy(Self.result(.failed(failure)), url: Self.url, stored: Self.stored)
        #expect(kept == Self.stored)
        #expect(warning?.contains("at a private address") == true)
        let (none, said) = BuildRun.faceCopy(Self.result(.failed(failure)), url: Self.url, stored: nil)
        #expect(none == nil)
        #expect(said?.contains("no face is shown") == true)
    }
}
