import Foundation
import Testing

/// The fetch fixtures under `Fixtures/fetch/`.
enum FetchFixtures {
    /// The bytes of `Fixtures/fetch/<name>`.
    static func data(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let url = try #require(
            Bundle.module.resourceURL?.appendingPathComponent("Fixtures/fetch/\(name)"),
            sourceLocation: sourceLocation)
        return try Data(contentsOf: url)
    }

    /// One line of `rss20-20items.expected.tsv`: what the parser must make of an item.
    struct ExpectedItem: Sendable, Equatable {
        var title: String
        var link: String
        /// RFC 3339 UTC.
        var published: String
    }

    /// The 20 items of `rss20-20items.xml` in document order.
    static func expectedItems() throws -> [ExpectedItem] {
        let text = String(decoding: try data("rss20-20items.expected.tsv"), as: UTF8.self)
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return ExpectedItem(title: fields[0], link: fields[1], published: fields[2])
        }
    }
}
