import Foundation
import Testing

/// The hostile-input table in `Fixtures/sanitizer/vectors.json`: each case is an HTML fragment from
/// a known class of XSS vectors (OWASP XSS filter evasion cheat sheet, html5sec.org) or benign article
/// HTML, with the exact output `HTMLSanitizer.sanitize` must give. Every hostile payload tries to set
/// `document.title` to "XSS" (see the file's `payload`), so the browser test can tell whether any ran.
struct SanitizerVectorTable: Codable, Sendable {
    /// One vector.
    struct Case: Codable, Sendable, CustomTestStringConvertible {
        /// Readable id: "<class>-<n>" or "<class>-<element>".
        var id: String
        /// The vector class: script, embed, form, meta, foreign, url, urlattr, handler, broken,
        /// comment, css, attr, text, benign, base.
        var `class`: String
        /// Base URL relative references resolve against; absent means none.
        var base: String?
        /// The fragment as a feed would carry it (after the XML parser's own entity decoding).
        var input: String
        /// The exact sanitized output.
        var expected: String

        var testDescription: String { id }
        var baseURL: URL? { base.flatMap { URL(string: $0) } }
    }

    /// The base most cases use.
    var base: String
    /// The script every hostile vector tries to run.
    var payload: String
    var cases: [Case]

    /// Where the table sits in the source tree (for PLANET_RECORD=1 rewrites).
    static let sourcePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sanitizer/vectors.json")

    /// The table as shipped in the test bundle; nil when it is missing or does not decode (a test
    /// then fails on that, not here).
    static let shipped: SanitizerVectorTable? = {
        guard
            let url = Bundle.module.url(
                forResource: "vectors", withExtension: "json",
                subdirectory: "Fixtures/sanitizer"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return try? JSONDecoder().decode(SanitizerVectorTable.self, from: data)
    }()

    static var cases: [Case] { shipped?.cases ?? [] }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
