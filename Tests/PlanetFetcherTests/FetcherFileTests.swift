import Foundation
import PlanetFetcher
import PlanetSubscriptions
import TestSupport
import Testing

/// `file:` subscriptions are read from disk; problems are `fileError` / `tooLarge` failures.
@Suite("Fetcher: file URLs")
struct FetcherFileTests {
    /// A fresh folder for one test, removed by the caller.
    private func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("planet-fetcher-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a file feed is read whole, status 200, final URL the file")
    func readsFile() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("feed.xml")
        let body = Data("<rss version=\"2.0\"/>".utf8)
        try body.write(to: file)
        let result = try await withDeadline {
            await Fetcher().fetch(Subscription(url: file))
        }
        #expect(result.outcome == .fetched(FetchedDocument(data: body, finalURL: file)))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var kind: FetchFailure.Kind
        var messagePart: String
        /// Makes the path under test inside the scratch folder.
        var make: @Sendable (URL) throws -> URL
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "missing file", kind: .fileError, messagePart: "no such file") { folder in
            folder.appendingPathComponent("absent.xml")
        },
        Case(name: "a folder", kind: .fileError, messagePart: "is a folder") { folder in folder },
        Case(name: "over the size cap", kind: .tooLarge, messagePart: "cap of 10 bytes") { folder in
            let file = folder.appendingPathComponent("big.xml")
            try Data(repeating: 0x20, count: 11).write(to: file)
            return file
        }
    ]

    @Test("an unreadable file is a failure naming the path", arguments: cases)
    func fileFailure(_ test: Case) async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try test.make(folder)
        let result = try await withDeadline {
            await Fetcher(FetcherConfiguration(maxBytes: 10)).fetch(Subscription(url: url))
        }
        guard case .failed(let failure) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome)")
            return
        }
        #expect(failure.kind == test.kind)
        #expect(failure.message.contains(url.path))
        #expect(failure.message.contains(test.messagePart), "\(failure.message)")
    }

    @Test("a URL that is neither http(s) nor file is refused without a request")
    func unsupportedScheme() async throws {
        let url = try #require(URL(string: "ftp://example.org/feed.xml"))
        let result = try await withDeadline { await Fetcher().fetch(Subscription(url: url)) }
        guard case .failed(let failure) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome)")
            return
        }
        #expect(failure.kind == .other)
        #expect(failure.message == "'ftp://example.org/feed.xml': not an http(s) or file URL")
    }
}
