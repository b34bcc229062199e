import Foundation
import TestSupport
import Testing

/// What the real `planet` executable does when standard output cannot be written.
@Suite("planet with an unwritable standard output")
struct StandardOutputTests {
    /// The `planet` executable SwiftPM built beside the test bundle, nil when it was not built.
    static let executable: URL? = {
        let candidate = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("planet")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    @Test(
        "exits with 74 (EX_IOERR) when standard output is a full disk",
        .enabled(
            if: executable != nil && FileManager.default.isWritableFile(atPath: "/dev/full"),
            "the planet executable is not built beside the tests, or there is no /dev/full"))
    func fullDiskExits74() async throws {
        try await withDeadline {
            let executable = try #require(Self.executable)
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            defer { try? full.close() }
            #expect(try await Subprocess.exitStatus(executable, ["--version"], standardOutput: full) == 74)
            #expect(try await Subprocess.exitStatus(executable, ["--version"]) == 0)
        }
    }

    @Test(
        "an edit that was saved exits 0 on a full standard output; a listing exits 74",
        .enabled(
            if: executable != nil && FileManager.default.isWritableFile(atPath: "/dev/full"),
            "the planet executable is not built beside the tests, or there is no /dev/full"))
    func savedEditExits0() async throws {
        try await withDeadline {
            let executable = try #require(Self.executable)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "planet-full-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let feeds = folder.appendingPathComponent("feeds.txt")
            try "https://a.example/feed  A\n".write(to: feeds, atomically: true, encoding: .utf8)
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            defer { try? full.close() }
            let add = ["add", "https://b.example/feed", "--no-fetch", "--config", feeds.path]
            #expect(try await Subprocess.exitStatus(executable, add, standardOutput: full) == 0)
            #expect(try String(contentsOf: feeds, encoding: .utf8).contains("https://b.example/feed"))
            let remove = ["remove", "https://a.example/feed", "--config", feeds.path]
            #expect(try await Subprocess.exitStatus(executable, remove, standardOutput: full) == 0)
            #expect(try !String(contentsOf: feeds, encoding: .utf8).contains("https://a.example/feed"))
            let list = ["list", "--config", feeds.path]
            #expect(try await Subprocess.exitStatus(executable, list, standardOutput: full) == 74)
        }
    }
}
