import Foundation
import Mustache
import TestSupport
import Testing

/// Inputs Fuzz/MustacheFuzzer found (Fixtures/fuzz), rendered the way the fuzzer renders them:
/// with a partial `self` naming the template itself. Each must finish, quickly, with bounded output.
@Suite("Mustache fuzz regressions")
struct FuzzRegressionTests {
    static let folder = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/fuzz")

    static var files: [String] {
        guard let folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test("the regression folder holds every input the fuzzer found")
    func folderFound() {
        // A missing resource folder would otherwise make the test below run zero cases and pass.
        #expect(Self.files.count == 3, "\(Self.files)")
    }

    @Test("renders and stops", arguments: files)
    func renders(_ file: String) async throws {
        let url = try #require(Self.folder?.appendingPathComponent(file))
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let length = try await withDeadline { () -> Int in
            guard let template = try? Template(text, name: file) else { return 0 }
            // The fuzzer's context: two entries, so a self-include inside {{#entries}} doubles.
            let context: MustacheValue = [
                "title": "t", "list": [1, 2], "owner": ["name": "Jane"],
                "entries": [["title": "one", "tags": ["x", "y"]], ["title": "two", "tags": []]]
            ]
            return template.render(context, partials: ["self": template]).utf8.count
        }
        // At most 5 000 000 steps, none of them longer than the template (under 1 KB).
        #expect(length < 5_000_000 * 1_024)
    }

    @Test("a partial that includes itself twice stops at the work limit, not after 2^100 renders")
    func selfIncludeTwice() async throws {
        let output = try await withDeadline {
            try TemplateLibrary(templates: ["loop": "a{{>loop}}{{>loop}}"]).render("loop", nil)
        }
        // One "a" per inclusion, each inclusion taking four steps (line start, text, two partials),
        // within 5,000,000 steps and 100 for the one value of the data (nil).
        #expect(output.count == 1_250_048)
    }
}
