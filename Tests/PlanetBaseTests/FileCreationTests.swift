import Foundation
import TestSupport
import Testing

@testable import PlanetBase

/// `FileCreation` makes folders and files with the mode asked for, which a loose umask cannot
/// widen and a tight one narrows. The umask is the process's: each case sets it in a child
/// process of its own (an exit test), never in the test process, whose other tests create files.
@Suite("FileCreation: explicit modes whatever the umask")
struct FileCreationTests {
    /// The permission bits of `path`, nil when it cannot be read.
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    /// A fresh folder path under the temporary directory (not created).
    static func root() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("planet-modes-\(UUID().uuidString)").path
    }

    /// Stops the child process with status 1 after naming what is wrong, when `condition` fails.
    static func check(_ condition: Bool, _ what: String) {
        guard !condition else { return }
        FileHandle.standardError.write(Data("FileCreationTests: \(what)\n".utf8))
        exit(1)
    }

    @Test("under umask 000 folders (parents too) and files get exactly the mode asked for")
    func looseUmaskCannotWiden() async {
        await #expect(processExitsWith: .success) {
            Deadline.armExitTest()
            umask(0)
            let root = FileCreationTests.root()
            defer { try? FileManager.default.removeItem(atPath: root) }
            try FileCreation.folder(root + "/site/static", mode: 0o755)
            try FileCreation.file(root + "/site/static/a.css", contents: Data("a".utf8), mode: 0o644)
            try FileCreation.folder(root + "/.planet", mode: 0o700)
            FileCreationTests.check(
                FileCreationTests.mode(root) == 0o755 && FileCreationTests.mode(root + "/site") == 0o755,
                "parents: \(String(describing: FileCreationTests.mode(root)))")
            FileCreationTests.check(
                FileCreationTests.mode(root + "/site/static") == 0o755,
                "folder: \(String(describing: FileCreationTests.mode(root + "/site/static")))")
            FileCreationTests.check(FileCreationTests.mode(root + "/site/static/a.css") == 0o644, "file")
            FileCreationTests.check(FileCreationTests.mode(root + "/.planet") == 0o700, "private folder")
            FileCreationTests.check(
                FileManager.default.contents(atPath: root + "/site/static/a.css") == Data("a".utf8), "contents")
        }
    }

    @Test("a tighter umask narrows the mode")
    func tightUmaskNarrows() async {
        await #expect(processExitsWith: .success) {
            Deadline.armExitTest()
            umask(0o077)
            let root = FileCreationTests.root()
            defer { try? FileManager.default.removeItem(atPath: root) }
            try FileCreation.folder(root + "/site", mode: 0o755)
            try FileCreation.file(root + "/site/index.html", contents: Data(), mode: 0o644)
            FileCreationTests.check(FileCreationTests.mode(root + "/site") == 0o700, "folder")
            FileCreationTests.check(FileCreationTests.mode(root + "/site/index.html") == 0o600, "file")
        }
    }

    @Test("an existing folder keeps its mode; a file in the way and an existing file are errors")
    func existingThings() throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(
            atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
        try FileCreation.folder(root, mode: 0o700)
        #expect(Self.mode(root) == 0o750)
        try FileCreation.file(root + "/f", contents: Data("old".utf8), mode: 0o644)
        #expect(throws: FileCreationError.self) {
            try FileCreation.file(root + "/f", contents: Data("new".utf8), mode: 0o644)
        }
        #expect(FileManager.default.contents(atPath: root + "/f") == Data("old".utf8))
        let error = #expect(throws: FileCreationError.self) { try FileCreation.folder(root + "/f/g", mode: 0o755) }
        #expect(error?.path == root + "/f")
        #expect(error?.reason == .cannotCreateFolder("it exists and is not a folder"))
    }
}
