import Foundation
import TestSupport
import Testing

/// libxml2 2.9 sets up its globals lazily and not thread-safely: two tasks creating their first
/// parser context at the same moment could deadlock on the dictionary mutex (seen in 4 of ~2,930
/// runs). Every run of `planet parse f1 … f20 --json` parses 20 documents concurrently in a fresh
/// process, so each run is a new first parse; a hang is caught by the deadline and the hung
/// processes are killed.
@Suite("concurrent first parses in fresh processes")
struct ConcurrentFirstParseTests {
    @Test(
        "200 runs of planet parse f1 … f20 --json all finish",
        .enabled(
            if: CronKillTests.executable != nil,
            "the planet executable is not built beside the tests (swift build first)"))
    func freshProcessesNeverHang() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "planet-first-parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for number in 1...20 {
            let file = folder.appendingPathComponent("f\(number).xml")
            let html = "&lt;p class=&quot;x&quot;&gt;Body &lt;b&gt;\(number)&lt;/b&gt;&lt;/p&gt;"
            let feed =
                number % 2 == 0
                ? String(decoding: rssFeed("f\(number)", count: 5), as: UTF8.self)
                : "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>f\(number)</title><entry><id>urn:f\(number)</id>"
                    + "<title>t</title><content type=\"html\">\(html)</content></entry></feed>"
            try feed.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let executable = try #require(CronKillTests.executable)
        let arguments = ["parse"] + files + ["--json"]
        let runs = 200
        let statuses = try await withDeadline(seconds: Deadline.standard * 3) {
            try await withThrowingTaskGroup(of: Int32.self) { group in
                var started = 0
                var statuses: [Int32] = []
                func start() {
                    group.addTask { try await Subprocess.exitStatus(executable, arguments) }
                    started += 1
                }
                while started < min(4, runs) { start() }
                while let status = try await group.next() {
                    statuses.append(status)
                    if started < runs { start() }
                }
                return statuses
            }
        }
        #expect(statuses.count == runs)
        #expect(statuses.allSatisfy { $0 == 0 }, "exit statuses: \(Set(statuses))")
    }
}
