import Foundation
import PlanetSubscriptions
import Testing

@testable import PlanetSite

@Suite("Faces: the picture of a feed")
struct FacesTests {
    func planet() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planet-faces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("faces/team"),
            withIntermediateDirectories: true)
        try Data("PNG".utf8).write(to: folder.appendingPathComponent("faces/team/jane.png"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("faces/escape.png"),
            withDestinationURL: folder.appendingPathComponent("secret.txt"))
        return folder
    }

    func subscription(_ settings: [(String, String)], line: Int = 3) -> Subscription {
        Subscription(
            url: URL(string: "https://a.example/feed")!, line: line,
            settings: FeedSettings(settings.map { FeedSettings.Pair(key: $0.0, value: $0.1) }))
    }

    @Test func aFaceFileIsCopiedAndSizedByTheFeedElseThePlanet() throws {
        let folder = try planet()
        defer { try? FileManager.default.removeItem(at: folder) }
        var faces = Faces(
            configURL: folder.appendingPathComponent("feeds.txt"),
            settings: FeedList.Settings(values: ["face_height": "60"]))
        let face = faces.face(for: subscription([("face", "team/jane.png"), ("face_width", "40")]), image: nil)
        #expect(face == SiteFace(src: "faces/team/jane.png", width: 40, height: 60))
        #expect(faces.files == ["faces/team/jane.png": Data("PNG".utf8)])
        #expect(faces.warnings.isEmpty)
    }

    @Test func aLinkOutOfFacesOrAMissingFileIsNotUsed() throws {
        let folder = try planet()
        defer { try? FileManager.default.removeItem(at: folder) }
        var faces = Faces(configURL: folder.appendingPathComponent("feeds.txt"), settings: FeedList.Settings())
        #expect(faces.face(for: subscription([("face", "escape.png")]), image: nil) == nil)
        let fallback = faces.face(
            for: subscription([("face", "missing.png")], line: 7), image: "https://a.example/logo.png")
        #expect(fallback == SiteFace(src: "https://a.example/logo.png", width: 48, height: 48))
        #expect(faces.files.isEmpty)
        #expect(faces.warnings.count == 2)
        #expect(
            faces.warnings.last?.hasPrefix(
                "\(folder.appendingPathComponent("feeds.txt").relativePath):7: face 'missing.png'") == true)
    }

    @Test func anHTTPSFaceOrTheFeedsOwnSafeImage() {
        var faces = Faces(configURL: URL(fileURLWithPath: "/srv/planet/feeds.txt"), settings: FeedList.Settings())
        #expect(
            faces.face(for: subscription([("face", "https://img.example/j.png")]), image: "https://x/y.png")?.src
                == "https://img.example/j.png")
        #expect(faces.face(for: subscription([]), image: "http://a.example/i.png")?.src == "http://a.example/i.png")
        #expect(faces.face(for: subscription([]), image: "javascript:alert(1)") == nil)
        #expect(faces.face(for: subscription([]), image: "file:///etc/passwd") == nil)
        #expect(faces.face(for: subscription([]), image: "data:image/png;base64,AAAA") == nil)
        #expect(faces.face(for: subscription([]), image: nil) == nil)
    }
}
