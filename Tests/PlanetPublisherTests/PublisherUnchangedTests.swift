import Foundation
import Glibc
import Testing

@testable import PlanetPublisher

/// A file whose bytes did not change is not rewritten: same inode, same mtime, so `rsync -a`
/// transfers nothing for it; a site that did not change at all is not touched.
@Suite("Publisher: nothing changed, nothing written")
struct PublisherUnchangedTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("planet-unchanged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("static"), withIntermediateDirectories: true)
        try Data("body{}".utf8).write(to: root.appendingPathComponent("static/planet.css"))
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    /// Inode and mtime (nanoseconds) of `path` under the output folder.
    func identity(_ path: String) throws -> [Int] {
        var info = stat()
        try #require(lstat(root.appendingPathComponent("www/\(path)").path, &info) == 0, "\(path) is missing")
        return [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }

    var publisher: Publisher { Publisher(outputURL: root.appendingPathComponent("www")) }
    var staticFolder: URL { root.appendingPathComponent("static") }

    @Test("the same site twice: the second build writes nothing and swaps nothing")
    func sameSiteTwice() throws {
        defer { cleanUp() }
        let site = ["index.html": Data("one".utf8), "rss.xml": Data("<rss/>".utf8)]
        let first = try publisher.publish(files: site, staticFolder: staticFolder)
        #expect(first == PublishOutcome(written: 4, kept: 0))
        let before = try ["index.html", "rss.xml", "static/planet.css", ".planet-site", "."].map(identity)
        let second = try publisher.publish(files: site, staticFolder: staticFolder)
        #expect(second == PublishOutcome(written: 0, kept: 4))
        #expect(try ["index.html", "rss.xml", "static/planet.css", ".planet-site", "."].map(identity) == before)
    }

    @Test("one file changed: only it is written; the others keep inode and mtime; a dropped file goes")
    func oneFileChanged() throws {
        defer { cleanUp() }
        try publisher.publish(
            files: [
                "index.html": Data("one".utf8), "rss.xml": Data("<rss/>".utf8),
                "old.html": Data("old".utf8)
            ], staticFolder: staticFolder)
        let rss = try identity("rss.xml")
        let css = try identity("static/planet.css")
        let index = try identity("index.html")
        let outcome = try publisher.publish(
            files: ["index.html": Data("two".utf8), "rss.xml": Data("<rss/>".utf8)],
            staticFolder: staticFolder)
        #expect(outcome == PublishOutcome(written: 1, kept: 3))
        #expect(try identity("rss.xml") == rss)
        #expect(try identity("static/planet.css") == css)
        #expect(try identity("index.html") != index)
        let www = root.appendingPathComponent("www")
        #expect(try String(contentsOf: www.appendingPathComponent("index.html"), encoding: .utf8) == "two")
        #expect(!FileManager.default.fileExists(atPath: www.appendingPathComponent("old.html").path))
    }

    @Test("a file changed by hand in the output is rewritten, not kept")
    func handEditIsRewritten() throws {
        defer { cleanUp() }
        let site = ["index.html": Data("one".utf8)]
        try publisher.publish(files: site, staticFolder: nil)
        try Data("defaced".utf8).write(to: root.appendingPathComponent("www/index.html"))
        let outcome = try publisher.publish(files: site, staticFolder: nil)
        #expect(outcome.written == 1)
        #expect(try String(contentsOf: root.appendingPathComponent("www/index.html"), encoding: .utf8) == "one")
    }
}
