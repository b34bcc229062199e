import Foundation
import PlanetBase
import Testing

@Suite("the version string")
struct PlanetVersionTests {
    /// The repository, found from this file's path (Tests/PlanetBaseTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("is written in PlanetVersion.swift only: no source or template holds a copy a release would leave stale")
    func writtenInOnePlace() throws {
        let files =
            FileManager.default.enumerator(
                at: Self.root.appendingPathComponent("Sources"),
                includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        let templates =
            FileManager.default.enumerator(
                at: Self.root.appendingPathComponent("templates"),
                includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        let sources = files.filter { $0.pathExtension == "swift" }
        #expect(sources.count > 100)  // the scan found the sources
        var copies: [String] = []
        for file in sources + templates where file.lastPathComponent != "PlanetVersion.swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            if text.contains(PlanetVersion.string) { copies.append(file.path) }
        }
        #expect(copies.isEmpty, "\(copies)")
        let file = Self.root.appendingPathComponent("Sources/PlanetBase/PlanetVersion.swift")
        let definition = try String(contentsOf: file, encoding: .utf8)
        #expect(definition.contains("static let string = \"\(PlanetVersion.string)\""))
    }
}
