import Foundation
import PlanetFetcher
import TestSupport
import Testing

@testable import PlanetCache

/// The last good copy of each face fetched into the site, with its validators.
@Suite("FeedCache: face copies")
struct FeedCacheFaceCopyTests {
    @Test("a copy is kept with its validators, a newer one replaces it, an unknown URL has none, no version bump")
    func copies() async throws {
        try await withDeadline {
            let cache = try FeedCache(path: ":memory:")
            let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 0xFF])
            let copy = FaceCopy(
                url: "http://a.example/face.png", imageType: "png", data: bytes,
                validators: FetchValidators(etag: "\"1\"", lastModified: nil))
            let version = try await cache.contentVersion()
            try await cache.recordFace(copy, now: Date(timeIntervalSince1970: 100))
            let found = try await cache.faceCopies([copy.url, "http://b.example/none.png"])
            #expect(found == [copy.url: copy])
            #expect(try await cache.contentVersion() == version, "the fingerprint holds the face, not the version")
            var newer = copy
            newer.validators = FetchValidators(etag: "\"2\"", lastModified: "Tue, 01 Dec 2026 00:00:00 GMT")
            newer.data = Data([0xFF, 0xD8, 0xFF])
            newer.imageType = "jpg"
            try await cache.recordFace(newer, now: Date(timeIntervalSince1970: 200))
            #expect(try await cache.faceCopies([copy.url])[copy.url] == newer)
        }
    }
}
