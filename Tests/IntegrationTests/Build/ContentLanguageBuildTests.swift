import Foundation
import Planet
import PlanetFetcher
import TestSupport
import Testing

/// The HTTP Content-Language header is the feed's language when the feed states none (issue 28):
/// its entries carry it on the page and in the merged Atom feed; a feed's own language wins.
@Suite("Build: Content-Language as the feed's language")
struct ContentLanguageBuildTests {
    /// `rssFeed(prefix)` with `<language>` in its channel when `language` is given.
    static func feed(_ prefix: String, language: String?) -> Data {
        let text = String(decoding: rssFeed(prefix, count: 1), as: UTF8.self)
        guard let language else { return Data(text.utf8) }
        return Data(
            text.replacingOccurrences(
                of: "<description>d</description>",
                with: "<description>d</description><language>\(language)</language>"
            ).utf8)
    }

    @Test("a feed without a language takes the header's first tag; a feed's own language wins")
    func headerFillsIn() async throws {
        try await withDeadline {
            let server = try await LoopbackServer.start([
                "/a.xml": LoopbackRoute { _ in
                    okResponse(
                        Self.feed("alpha", language: nil), headers: [LoopbackHeader("Content-Language", "de, en")])
                },
                "/b.xml": LoopbackRoute { _ in
                    okResponse(Self.feed("beta", language: "fr"), headers: [LoopbackHeader("Content-Language", "de")])
                }
            ])
            let folder = try TemporaryFolder().url
            defer { try? FileManager.default.removeItem(at: folder) }
            let config = folder.appendingPathComponent("feeds.txt")
            try """
            title = Languages
            link = https://planet.example.org/
            \(server.url(for: "/a.xml").absoluteString) Alpha
            \(server.url(for: "/b.xml").absoluteString) Beta

            """.write(to: config, atomically: true, encoding: .utf8)
            var options = BuildOptions(
                configURL: config, outputURL: folder.appendingPathComponent("output"),
                templates: .folder(CronPlanet.repository.appendingPathComponent("templates")),
                now: Date(timeIntervalSince1970: 1_796_400_000), jobs: 2)
            options.addressPolicy = FetchAddressTests.policy
            options.proxies = .none
            options.loopbackOnly = LoopbackGuard()
            _ = try await PlanetBuild.run(options)
            let output = folder.appendingPathComponent("output")
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            let atom = try String(contentsOf: output.appendingPathComponent("atom.xml"), encoding: .utf8)
            #expect(index.contains("<article class=\"entry\" lang=\"fr\""))
            #expect(atom.contains("<entry xml:lang=\"fr\">"))
            #expect(index.contains("<article class=\"entry\" lang=\"de\""))
            #expect(atom.contains("<entry xml:lang=\"de\">"))
            #expect(!index.contains("lang=\"de, en\""))
        }
    }
}
