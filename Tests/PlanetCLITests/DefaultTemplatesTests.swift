import Foundation
import Testing

@testable import PlanetCLI

/// `planet init` writes the templates embedded in the binary; they must be the files under
/// templates/ byte for byte, or a new planet would start from stale templates.
@Suite("embedded templates")
struct DefaultTemplatesTests {
    /// templates/ of this repository, found from this file's path (Tests/PlanetCLITests/…).
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("templates", isDirectory: true)

    static let advice =
        "templates/ changed: run scripts/embed-templates.sh and commit Sources/PlanetCLI/DefaultTemplates.swift"

    /// Every file under templates/ except hidden ones, as paths relative to it.
    static func filesOnDisk() throws -> [String] {
        let root = templates.standardizedFileURL.path + "/"
        let enumerator = try #require(
            FileManager.default.enumerator(
                at: templates, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles]))
        var paths: [String] = []
        for case let url as URL in enumerator
        where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            paths.append(String(url.standardizedFileURL.path.dropFirst(root.count)))
        }
        return paths.sorted()
    }

    @Test func embeddedTemplatesEqualTemplatesFolderByteForByte() throws {
        let onDisk = try Self.filesOnDisk()
        #expect(onDisk.contains("index.html.mustache"))
        #expect(DefaultTemplates.files.keys.sorted() == onDisk, "\(Self.advice)")
        for path in onDisk {
            let bytes = try Data(contentsOf: Self.templates.appendingPathComponent(path))
            #expect(Data((DefaultTemplates.files[path] ?? "").utf8) == bytes, "templates/\(path): \(Self.advice)")
        }
    }
}
