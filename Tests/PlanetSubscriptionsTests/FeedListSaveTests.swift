import Foundation
import Testing

@testable import PlanetSubscriptions

@Suite("feeds.txt saving")
struct FeedListSaveTests {
    private func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("planet-feedsave-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test func aSymlinkStaysALinkAndItsTargetKeepsItsMode() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real", isDirectory: true)
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let target = real.appendingPathComponent("feeds.txt")
        try Data("title = S\n".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
        let link = folder.appendingPathComponent("feeds.txt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/feeds.txt")

        var list = try FeedList.load(link)
        list.add(Subscription(url: URL(string: "http://s.example/f")!))
        try list.save()

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/feeds.txt")
        #expect(try String(contentsOf: target, encoding: .utf8) == "title = S\nhttp://s.example/f\n")
        #expect(try mode(target.path) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == ["feeds.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["feeds.txt", "real"])
    }

    @Test func aNewFileIsNotExecutableNorWritableByOthers() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("feeds.txt")
        try FeedList.parse("title = T\n", file: file).save()
        #expect(try mode(file.path) & ~0o644 == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "title = T\n")
    }

    @Test func aReplacedFileKeepsItsMode() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("feeds.txt")
        try Data("title = T\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try FeedList.parse("title = U\n", file: file).save()
        #expect(try mode(file.path) == 0o600)
    }
}
