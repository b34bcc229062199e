import Foundation
import Planet
import PlanetCache
import PlanetFetcher
import Synchronization
import TestSupport
import Testing

/// Faces fetched into the site (issue 27) against a hostile feed or a careless feeds.txt: the
/// cache keeps only the copies the pages show, and a face's credentials reach no page.
@Suite("Build: faces fetched into the site, hostile cases")
struct FaceCopyHostileTests {
    @Test("a feed whose logo URL changes every build leaves one copy in the cache, not one per build")
    func oldCopiesForgotten() async throws {
        try await withDeadline {
            let version = Mutex(0)
            let server = try await LoopbackServer.start([
                "/face.png": .ok(FaceCopyBuildTests.png, contentType: "image/png"),
                "/a.xml": LoopbackRoute { request in
                    let v = version.withLock { $0 }
                    return okResponse(
                        FaceCopyBuildTests.feed("alpha", image: "http://127.0.0.1:\(request.port)/face.png?v=\(v)"))
                }
            ])
            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let feeds = [(server.url(for: "/a.xml").absoluteString, "Alpha")]
            for build in 0..<3 {
                version.withLock { $0 = build }
                _ = try await PlanetBuild.run(
                    try FaceCopyBuildTests.options(folder, feeds, at: TimeInterval(build) * 86_400))
            }
            await server.stop()
            #expect(server.requests(to: "/a.xml").count == 3)
            let cache = try FeedCache(path: folder.appendingPathComponent(".planet/cache.sqlite").path)
            let urls = (0..<3).map { server.url(for: "/face.png").absoluteString + "?v=\($0)" }
            let kept = try await cache.faceCopies(urls)
            #expect(Set(kept.keys) == [urls[2]], "only the face the page shows is kept")
        }
    }

    @Test("a face URL's password is on no page when the face falls back to the link")
    func credentialsNotPublished() async throws {
        try await withDeadline {
            // The face's port has no server (one that listened there is stopped): the connection is
            // refused at once, so the page links to the face.
            let server = try await LoopbackServer.start(["/a.xml": .ok(rssFeed("alpha"))])
            let gone = try await LoopbackServer.start([:])
            let closedPort = gone.port
            await gone.stop()
            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let face = "https://face:s3cret@127.0.0.1:\(closedPort)/face.png"
            let feeds = [(server.url(for: "/a.xml").absoluteString, "Alpha\n    face = \(face)")]
            let report = try await PlanetBuild.run(try FaceCopyBuildTests.options(folder, feeds))
            await server.stop()
            #expect(report.feedsOK == 1)
            let output = folder.appendingPathComponent("output")
            for page in ["index.html", "status.html", "status.json"] {
                let text = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
                #expect(!text.contains("s3cret"), "\(page)")
            }
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(index.contains("src=\"https://127.0.0.1:\(closedPort)/face.png\""), "the link, without userinfo")
        }
    }
}
