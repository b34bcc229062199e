import Foundation
import TestSupport
import Testing

/// Every feeds.txt edit holds `FeedListLock` from reading the file to replacing it: 20 `planet
/// add`s at once (separate processes) leave 20 feeds, where each used to save the list it had
/// read before the others saved (8 of 20 were left).
@Suite("concurrent feeds.txt edits")
struct ConcurrentEditTests {
    @Test(
        "20 concurrent planet add leave 20 feeds",
        .enabled(
            if: CronKillTests.executable != nil,
            "the planet executable is not built beside the tests (swift build first)"))
    func concurrentAddsAllLand() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planet-edits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("feeds.txt")
        try "title = Edits\n# the feeds\n".write(to: config, atomically: true, encoding: .utf8)
        let executable = try #require(CronKillTests.executable)
        let statuses = try await withDeadline {
            try await withThrowingTaskGroup(of: Int32.self) { group in
                for number in 0..<20 {
                    group.addTask {
                        try await Subprocess.exitStatus(
                            executable,
                            [
                                "add", "--no-fetch", "--config", config.path,
                                "https://feed\(number).example.org/feed.xml", "Feed \(number)"
                            ])
                    }
                }
                return try await group.reduce(into: [Int32]()) { $0.append($1) }
            }
        }
        #expect(statuses == Array(repeating: 0, count: 20))
        let text = try String(contentsOf: config, encoding: .utf8)
        let feeds = text.split(separator: "\n").filter { $0.hasPrefix("https://") }
        #expect(feeds.count == 20, "\(text)")
        #expect(text.hasPrefix("title = Edits\n# the feeds\n"))
    }
}
