import Foundation
import Planet
import PlanetFetcher
import Synchronization
import TestSupport
import Testing

/// Faces given as URLs (a feed's logo here) are fetched into the site (issue 27): published under
/// a stable name, fetched conditionally on the next build, kept when their host fails, refused
/// when too large, not an image, or at a private address.
@Suite("Build: faces fetched into the site")
struct FaceCopyBuildTests {
    /// A PNG signature and a little more: what the type check reads.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("IHDR face".utf8)

    /// An RSS feed whose channel image is `image`.
    static func feed(_ prefix: String, image: String) -> Data {
        let text = String(decoding: rssFeed(prefix), as: UTF8.self)
        return Data(
            text.replacingOccurrences(
                of: "<description>d</description>",
                with: "<description>d</description><image><url>\(image)</url><title>t</title>"
                    + "<link>https://\(prefix).example.com/</link></image>"
            ).utf8)
    }

    /// A planet folder whose feeds.txt lists `feeds` (URL, name).
    /// `copyFaces`: the `copy_faces` line, none for the default (`all`). Its fetches are kept on
    /// loopback (`loopbackOnly`, whose `refused` the tests read).
    static func options(
        _ folder: URL, _ feeds: [(String, String)], at offset: TimeInterval = 0, copyFaces: String? = nil
    ) throws -> BuildOptions {
        let config = folder.appendingPathComponent("feeds.txt")
        let lines =
            ["title = Faces", "link = https://planet.example.org/"] + (copyFaces.map { ["copy_faces = \($0)"] } ?? [])
            + feeds.map { "\($0.0) \($0.1)" }
        try (lines.joined(separator: "\n") + "\n").write(to: config, atomically: true, encoding: .utf8)
        var options = BuildOptions(
            configURL: config, outputURL: folder.appendingPathComponent("output"),
            templates: .folder(CronPlanet.repository.appendingPathComponent("templates")),
            now: Date(timeIntervalSince1970: 1_796_400_000 + offset), jobs: 2)
        options.addressPolicy = FetchAddressTests.policy
        options.proxies = .none
        options.loopbackOnly = LoopbackGuard()
        return options
    }

    @Test("by default a feed's own logo is copied into faces/fetched and the page links the copy")
    func feedImageCopiedByDefault() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/face.png": .ok(Self.png, contentType: "image/png"),
                "/a.xml": LoopbackRoute { request in
                    okResponse(Self.feed("alpha", image: "http://127.0.0.1:\(request.port)/face.png"))
                }
            ])
            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let options = try Self.options(folder, [(server.url(for: "/a.xml").absoluteString, "Alpha")])
            _ = try await PlanetBuild.run(options)
            await server.stop()
            #expect(server.requests(to: "/face.png").count == 1)
            let output = folder.appendingPathComponent("output")
            let files = try FileManager.default.contentsOfDirectory(
                atPath: output.appendingPathComponent("faces/fetched").path)
            #expect(files.count == 1 && files[0].hasSuffix(".png"), "\(files)")
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(index.contains("src=\"faces/fetched/\(files.first ?? "?")\""))
            #expect(!index.contains(server.url(for: "/face.png").absoluteString), "the face is not hot-linked")
            #expect(options.loopbackOnly?.refused == [])
        }
    }

    @Test("with copy_faces = settings or no a feed's own image stays a link and is not asked for")
    func feedImagesStayLinksWhenTurnedOff() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/face.png": LoopbackRoute { _ in
                    LoopbackResponse(headers: [LoopbackHeader("Content-Type", "image/png")], body: Self.png)
                },
                "/a.xml": LoopbackRoute { request in
                    okResponse(Self.feed("alpha", image: "http://127.0.0.1:\(request.port)/face.png"))
                }
            ])
            for mode in ["settings", "no"] {
                let folder = try TemporaryFolder().url
                defer { try? FileManager.default.removeItem(at: folder) }
                let feeds = [(server.url(for: "/a.xml").absoluteString, "Alpha")]
                _ = try await PlanetBuild.run(try Self.options(folder, feeds, copyFaces: mode))
                let index = try String(
                    contentsOf: folder.appendingPathComponent("output/index.html"), encoding: .utf8)
                #expect(index.contains("src=\"\(server.url(for: "/face.png").absoluteString)\""), "\(mode)")
            }
            #expect(server.requests(to: "/face.png").isEmpty)
        }
    }

    @Test("under the loopback guard a logo on a real host, or a redirect there, is refused unasked: a link")
    func remoteLogoRefusedByTheGuard() async throws {
        try await withDeadline {
            let remote = "https://faces.example.com/logo.png"
            let server = try await LoopbackServer.start([
                "/away.png": .redirect(to: "http://faces.example.net/x.png"),
                "/remote.xml": .ok(Self.feed("remote", image: remote)),
                "/away.xml": LoopbackRoute { request in
                    okResponse(Self.feed("away", image: "http://127.0.0.1:\(request.port)/away.png"))
                }
            ])
            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let feeds = ["remote", "away"].map { (server.url(for: "/\($0).xml").absoluteString, $0) }
            let options = try Self.options(folder, feeds)
            let report = try await PlanetBuild.run(options)
            await server.stop()
            #expect(report.feedsOK == 2)
            #expect(server.requests(to: "/away.png").count == 1)
            #expect(Set(options.loopbackOnly?.refused ?? []) == [remote, "http://faces.example.net/x.png"])
            let output = folder.appendingPathComponent("output")
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("faces/fetched").path))
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(index.contains("src=\"\(remote)\""), "the refused face falls back to the link")
            #expect(index.contains("src=\"\(server.url(for: "/away.png").absoluteString)\""))
        }
    }

    @Test(
        "a face is fetched once per build, published, asked for conditionally next time, and kept when its host fails")
    func fetchedAndKept() async throws {
        try await withDeadline {
            let failing = Mutex(false)
            let server = try await LoopbackServer.start([
                "/face.png": LoopbackRoute { request in
                    if failing.withLock({ $0 }) { return LoopbackResponse(status: 500, body: Data("down".utf8)) }
                    let etag = LoopbackHeader("ETag", "\"f1\"")
                    if request.header("If-None-Match") == "\"f1\"" {
                        return LoopbackResponse(status: 304, headers: [etag])
                    }
                    return LoopbackResponse(
                        headers: [LoopbackHeader("Content-Type", "image/png"), etag], body: Self.png)
                },
                "/a.xml": LoopbackRoute { request in
                    okResponse(Self.feed("alpha", image: "http://127.0.0.1:\(request.port)/face.png"))
                },
                "/b.xml": LoopbackRoute { request in
                    okResponse(Self.feed("beta", image: "http://127.0.0.1:\(request.port)/face.png"))
                }
            ])
            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let feeds = [
                (server.url(for: "/a.xml").absoluteString, "Alpha"), (server.url(for: "/b.xml").absoluteString, "Beta")
            ]
            let faceURL = server.url(for: "/face.png").absoluteString
            let output = folder.appendingPathComponent("output")
            _ = try await PlanetBuild.run(try Self.options(folder, feeds))
            // Two feeds share one face: one request, one file.
            #expect(server.requests(to: "/face.png").count == 1)
            let files = try FileManager.default.contentsOfDirectory(
                atPath: output.appendingPathComponent("faces/fetched").path)
            #expect(files.count == 1 && files[0].hasSuffix(".png"), "\(files)")
            let published = output.appendingPathComponent("faces/fetched").appendingPathComponent(files[0])
            #expect(try Data(contentsOf: published) == Self.png)
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(index.contains("src=\"faces/fetched/\(files[0])\""))
            #expect(!index.contains(faceURL), "the face is not hot-linked")
            // Warm: a conditional GET, answered 304; the copy stays.
            let warm = try await PlanetBuild.run(try Self.options(folder, feeds, at: 3600))
            #expect(warm.siteReused, "a face answered 304 changes nothing: nothing is written")
            let asked = server.requests(to: "/face.png")
            #expect(asked.count == 2 && asked.last?.header("If-None-Match") == "\"f1\"")
            #expect(try Data(contentsOf: published) == Self.png)
            // The face's host fails: the last good copy is still published.
            failing.withLock { $0 = true }
            let report = try await PlanetBuild.run(try Self.options(folder, feeds, at: 7200))
            await server.stop()
            #expect(server.requests(to: "/face.png").count == 3)
            #expect(try Data(contentsOf: published) == Self.png)
            #expect(report.configWarnings.allSatisfy { !$0.contains("face") }, "\(report.configWarnings)")
            let again = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(again.contains("src=\"faces/fetched/\(files[0])\"") && !again.contains(faceURL))
        }
    }

    @Test("a face too large, not an image (SVG) or missing (404) is not copied: a link; at a private address: none")
    func refused() async throws {
        try await withDeadline {
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"
            let inside = try await LoopbackServer.start(
                ["/face.png": .ok(Self.png, contentType: "image/png")], address: .second)
            let server = try await LoopbackServer.start([
                "/face.svg": .ok(Data(svg.utf8), contentType: "image/png"),
                "/big.png": .ok(Self.png + Data(count: 600 * 1024), contentType: "image/png"),
                "/svg.xml": LoopbackRoute { request in
                    okResponse(Self.feed("svg", image: "http://127.0.0.1:\(request.port)/face.svg"))
                },
                "/big.xml": LoopbackRoute { request in
                    okResponse(Self.feed("big", image: "http://127.0.0.1:\(request.port)/big.png"))
                },
                "/inside.xml": .ok(Self.feed("inside", image: inside.url(for: "/face.png").absoluteString)),
                "/gone.xml": LoopbackRoute { request in
                    okResponse(Self.feed("gone", image: "http://127.0.0.1:\(request.port)/gone.png"))
                }
            ])
            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let feeds = ["svg", "big", "inside", "gone"].map { (server.url(for: "/\($0).xml").absoluteString, $0) }
            let report = try await PlanetBuild.run(try Self.options(folder, feeds))
            await server.stop()
            await inside.stop()
            let output = folder.appendingPathComponent("output")
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("faces/fetched").path))
            let warnings = report.configWarnings.filter { $0.contains("face") }
            #expect(warnings.count == 3, "\(warnings)")
            #expect(warnings.contains { $0.contains("at a private address") && $0.contains("no face is shown") })
            #expect(warnings.contains { $0.contains("/face.svg") && $0.contains("not a PNG, JPEG, GIF, WebP or AVIF") })
            #expect(warnings.contains { $0.contains("/big.png") && $0.contains("larger than 512 KB") })
            #expect(inside.requests.isEmpty, "a private address is not fetched")
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(server.requests(to: "/gone.png").count == 1, "asked, answered 404")
            #expect(!index.contains(inside.url(for: "/face.png").absoluteString), "no link to a private address")
            for path in ["/face.svg", "/big.png", "/gone.png"] {
                #expect(index.contains(server.url(for: path).absoluteString), "\(path) falls back to the link")
            }
        }
    }
}
