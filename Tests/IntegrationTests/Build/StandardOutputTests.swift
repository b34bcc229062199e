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
}
