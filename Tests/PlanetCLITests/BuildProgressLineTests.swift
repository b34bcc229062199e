import Foundation
import TestSupport
import Testing

@testable import PlanetCLI

/// `planet build`'s progress line (BuildTerminal): on a terminal, one line rewritten as each feed
/// finishes (`\r`, erase to the end of the line) with feeds done of N and the failures so far,
/// erased before the summary; on a non-terminal (cron), nothing but the failures and the summary.
@Suite("planet build: the progress line on a terminal")
struct BuildProgressLineTests {
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Served</title><link>https://example.org/</link>
        <item><title>One</title><guid>1</guid><pubDate>Tue, 02 Jan 2024 03:04:05 GMT</pubDate></item>
        </channel></rss>
        """
    static let now = ["--now", "2024-02-01T00:00:00Z"]
    static let erase = "\r\u{1B}[K"

    /// A planet of three feeds on one loopback server, the second one missing (404).
    static func planet(_ server: LoopbackServer) throws -> URL {
        let folder = try makeFolder()
        let lines = ["/a.xml", "/missing.xml", "/c.xml"].map { server.url(for: $0).absoluteString }
        try (lines.joined(separator: "\n") + "\n").write(
            to: folder.appendingPathComponent("feeds.txt"), atomically: true, encoding: .utf8)
        return folder
    }

    static func server() async throws -> LoopbackServer {
        try await LoopbackServer.start(["/a.xml": .ok(rss), "/c.xml": .ok(rss)])
    }

    @Test func onATerminalOneLineCountsFeedsAndFailuresAndIsErasedBeforeTheSummary() async throws {
        let server = try await Self.server()
        let folder = try Self.planet(server)
        defer { removeFolder(folder) }
        let outcome = await runPlanet(
            ["build", "--jobs", "1"] + Self.now, in: folder, environment: ["NO_COLOR": "1", "TERM": "xterm"],
            stderrIsTerminal: true)
        await server.stop()
        #expect(outcome.status == 0, "\(outcome.err)")
        // Everything before the last erase is the progress line, drawn over itself.
        let parts = outcome.err.components(separatedBy: Self.erase)
        #expect(parts.first == "", "starts at the line's start: \(outcome.err.debugDescription)")
        let steps = Array(parts.dropFirst().dropLast())
        #expect(steps.count == 3, "\(outcome.err.debugDescription)")
        #expect(steps.allSatisfy { !$0.contains("\n") }, "one line, never a new one: \(steps)")
        #expect(steps.map { $0.replacingOccurrences(of: "planet: ", with: "") }.last == "3/3 feeds, 1 failed")
        let failures = steps.map { $0.contains(", 1 failed") }
        // The failures so far: none before the missing feed, one from it on (fetched in any order).
        #expect(failures == failures.sorted { !$0 && $1 }, "\(steps)")
        #expect(Set(steps.map { $0.prefix(13) }).count == 3, "a count each: \(steps)")
        // After the erase: the failing feed and the summary, as on any stderr.
        let end = try #require(parts.last)
        let missing = server.url(for: "/missing.xml").absoluteString
        #expect(end.hasPrefix("planet: failed       '\(missing)': HTTP 404"), "\(end)")
        #expect(end.contains("\nplanet: 2 feeds ok, 1 failed, 2 entries, "), "\(end)")
    }

    @Test func onANonTerminalNothingMoreThanTheFailuresAndTheSummary() async throws {
        let server = try await Self.server()
        let folder = try Self.planet(server)
        defer { removeFolder(folder) }
        let outcome = await runPlanet(
            ["build"] + Self.now, in: folder, environment: ["TERM": "xterm"], stderrIsTerminal: false)
        let quiet = await runPlanet(
            ["build", "--quiet"] + Self.now, in: folder, environment: ["TERM": "xterm"], stderrIsTerminal: true)
        await server.stop()
        #expect(outcome.status == 0, "\(outcome.err)")
        #expect(!outcome.err.contains("\r") && !outcome.err.contains("\u{1B}"), "\(outcome.err.debugDescription)")
        let lines = outcome.err.split(separator: "\n")
        #expect(lines.count == 2, "\(outcome.err)")
        #expect(lines.first?.hasPrefix("planet: failed") == true)
        #expect(lines.last?.hasPrefix("planet: 2 feeds ok, 1 failed, 2 entries, ") == true)
        // --quiet draws no progress even on a terminal (and the feed failed before: nothing to say).
        #expect(quiet.status == 0)
        #expect(quiet.err.isEmpty, "\(quiet.err.debugDescription)")
    }
}
