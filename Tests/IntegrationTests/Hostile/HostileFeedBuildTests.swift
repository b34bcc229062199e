import Foundation
import Glibc
import Planet
import PlanetFetcher
import TestSupport
import Testing

/// Hostile feeds over a real loopback server (docs/ARCHITECTURE.md, rules 6 and 8): each fails its own feed, quickly,
/// with bounded memory, and the build goes on with the good feed beside it.
@Suite("planet build: hostile feeds")
struct HostileFeedBuildTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let route: @Sendable () async throws -> LoopbackRoute
        let kind: FetchFailure.Kind
        var testDescription: String { name }
    }

    static func ok(_ data: Data) -> LoopbackRoute { .ok(data) }

    static let cases: [Case] = [
        Case(name: "XXE file entity", route: { ok(HostileDocuments.fileEntity) }, kind: .notAFeed),
        Case(
            name: "XXE http entity",
            route: {
                LoopbackRoute { request in
                    LoopbackResponse(
                        headers: [LoopbackHeader("Content-Type", "application/rss+xml")],
                        body: HostileDocuments.httpEntity("http://127.0.0.1:\(request.port)/secret"))
                }
            }, kind: .notAFeed),
        Case(name: "billion laughs", route: { ok(HostileDocuments.billionLaughs) }, kind: .notAFeed),
        Case(name: "quadratic blowup", route: { ok(HostileDocuments.quadraticBlowup) }, kind: .notAFeed),
        Case(name: "50 MB body", route: { ok(HostileDocuments.fiftyMegabytes) }, kind: .tooLarge),
        Case(
            name: "gzip bomb, 1 GiB of zeros",
            route: {
                let bomb = try await HostileDocuments.gzipBomb.value.get()
                return .response(
                    LoopbackResponse(
                        headers: [
                            LoopbackHeader("Content-Type", "application/rss+xml"),
                            LoopbackHeader("Content-Encoding", "gzip")
                        ], body: bomb))
            }, kind: .tooLarge)
    ]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let goodFeed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>Good</title><link>https://good.example/</link>
        <item><title>Still here</title><link>https://good.example/1</link>
        <pubDate>Tue, 01 Dec 2026 10:00:00 GMT</pubDate><description>fine</description></item>
        </channel></rss>
        """

    @Test("fails that one feed; the build goes on", arguments: cases)
    func failsOneFeed(_ testCase: Case) async throws {
        let server = try await LoopbackServer.start([
            "/hostile.xml": try await testCase.route(), "/secret": .ok("root:x:0:0")
        ])
        let folder = try TemporaryFolder().url
        try Data(Self.goodFeed.utf8).write(to: folder.appendingPathComponent("good.xml"))
        let config = folder.appendingPathComponent("feeds.txt")
        try """
        title = Hostile
        link = https://planet.example.org/
        \(folder.appendingPathComponent("good.xml").path) Good
        \(server.url(for: "/hostile.xml").absoluteString) Hostile
        """.write(to: config, atomically: true, encoding: .utf8)
        var built = BuildOptions(
            configURL: config, outputURL: folder.appendingPathComponent("output"),
            templatesURL: Self.repository.appendingPathComponent("templates"),
            now: Date(timeIntervalSince1970: 1_796_400_000),
            cacheURL: folder.appendingPathComponent("cache.sqlite"))
        built.loopbackOnly = LoopbackGuard()
        let options = built
        let report = try await withDeadline { try await PlanetBuild.run(options) }
        await server.stop()

        #expect(report.feedsOK == 1)
        #expect(report.failures.map(\.kind) == [testCase.kind], "\(report.failures)")
        #expect(!server.requests.contains { $0.path == "/secret" })
        let index = try String(contentsOf: folder.appendingPathComponent("output/index.html"), encoding: .utf8)
        #expect(index.contains("Still here"))
        #expect(!index.contains("root:x:0:0"))
        // Expanding or buffering any of these takes a gigabyte or more; the process stays below 1 GB
        // (the gzip bomb reached 1.2 GB before BoundedDelegateQueue).
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #expect(usage.ru_maxrss / 1024 < 1_000, "peak RSS \(usage.ru_maxrss / 1024) MB")
    }
}
