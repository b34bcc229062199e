import Foundation
import Mustache
import Testing
import TestSupport

/// Inputs Fuzz/MustacheFuzzer found (Fixtures/fuzz), rendered the way the fuzzer renders them:
/// with a partial `self` naming the template itself. Each must finish, quickly, with bounded output.
@Suite("Mustache fuzz regressions")
struct FuzzRegressionTests {
    static let folder = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/fuzz")

    static var files: [String] {
        guard let folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test("renders and stops", arguments: files)
    func renders(_ file: String) async throws {
        let url = try #require(Self.folder?.appendingPathComponent(file))
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let length = try await withDeadline(seconds: 30) { () -> Int in
            guard let template = try? Template(text, name: file) else { return 0 }
            let context: MustacheValue = ["title": "t", "list": [1, 2], "entries": [["title": "one"]]]
            return template.render(context, partials: ["self": template]).utf8.count
        }
        // 100 000 inclusions of a template under 1 KB at most.
        #expect(length < 100_000 * 1_024)
    }

    @Test("a partial that includes itself twice stops at the inclusion limit, not after 2^100 renders")
    func selfIncludeTwice() async throws {
        let output = try await withDeadline(seconds: 30) {
            try TemplateLibrary(templates: ["loop": "a{{>loop}}{{>loop}}"]).render("loop", nil)
        }
        // The root's "a", then one "a" per inclusion until the limit.
        #expect(output.count == 1 + 100_000)
    }
}
