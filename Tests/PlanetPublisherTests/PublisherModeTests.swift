import Foundation
import TestSupport
import Testing

@testable import PlanetPublisher

/// The site is published with folders 0755 and files 0644 whatever the umask: under `umask 000`
/// they were world-writable (0777, 0666), and anyone on the host could change the public pages.
@Suite("Publisher: modes of the site")
struct PublisherModeTests {
    /// The permission bits of `path`, nil when it cannot be read.
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    static func inode(_ path: String) -> UInt? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt(info.st_ino) : nil
    }

    static func root() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("planet-publisher-modes-\(UUID().uuidString)")
    }

    @Test("under umask 000 the output folder and its folders are 0755, its files 0644")
    func looseUmask() async {
        // The umask is the process's: set in a child process (an exit test), not in this one.
        await #expect(processExitsWith: .success) {
            Deadline.armExitTest()
            umask(0)
            let root = PublisherModeTests.root()
            defer { try? FileManager.default.removeItem(at: root) }
            let output = root.appendingPathComponent("www")
            try Publisher(outputURL: output).publish(
                files: ["index.html": Data("i".utf8), "page/2.html": Data("2".utf8)], staticFolder: nil)
            let folders = ["", "/page"].map { PublisherModeTests.mode(output.path + $0) }
            let files = ["/index.html", "/page/2.html", "/.planet-site"].map {
                PublisherModeTests.mode(output.path + $0)
            }
            guard folders.allSatisfy({ $0 == 0o755 }), files.allSatisfy({ $0 == 0o644 }) else {
                FileHandle.standardError.write(Data("folders \(folders), files \(files)\n".utf8))
                exit(1)
            }
        }
    }

    @Test("an unchanged file of an earlier site with a looser mode (0666) is written anew, not linked")
    func looseFileOfAnEarlierSite() throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("www")
        let site = ["index.html": Data("i".utf8), "rss.xml": Data("r".utf8), "atom.xml": Data("a".utf8)]
        try Publisher(outputURL: output).publish(files: site, staticFolder: nil)
        #expect(chmod(output.appendingPathComponent("index.html").path, 0o666) == 0)
        let rss = Self.inode(output.appendingPathComponent("rss.xml").path)
        var changed = site
        changed["atom.xml"] = Data("a2".utf8)
        let outcome = try Publisher(outputURL: output).publish(files: changed, staticFolder: nil)
        let mode = try #require(Self.mode(output.appendingPathComponent("index.html").path))
        #expect(mode & ~0o644 == 0, "index.html is \(String(mode, radix: 8))")
        #expect(Self.inode(output.appendingPathComponent("rss.xml").path) == rss, "an unchanged 0644 file is linked")
        #expect(outcome.written == 2)
    }
}
