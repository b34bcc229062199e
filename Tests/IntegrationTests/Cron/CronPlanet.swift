import Foundation
import Planet
import PlanetCLI
import Synchronization
import TestSupport

/// A planet folder for cron tests: feeds.txt pointing at a loopback server, the repository's
/// templates, a cache and an output folder of its own; runs `planet build` in-process.
struct CronPlanet: Sendable {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// 2026-12-04T16:00:00Z, the first build's time.
    static let start = Date(timeIntervalSince1970: 1_796_400_000)

    let folder: URL
    var config: URL { folder.appendingPathComponent("feeds.txt") }
    var output: URL { folder.appendingPathComponent("output") }
    var cache: URL { folder.appendingPathComponent(".planet/cache.sqlite") }

    /// Writes feeds.txt: `settings` lines, then one line per (url, name).
    init(feeds: [(URL, String)], settings: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("planet-cron-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lines =
            ["title = Cron Planet", "link = https://planet.example.org/"] + settings
            + feeds.map { "\($0.0.absoluteString) \($0.1)" }
        try (lines.joined(separator: "\n") + "\n").write(to: config, atomically: true, encoding: .utf8)
    }

    /// What one `planet build` run returned and printed.
    struct Run: Sendable {
        var status: Int32
        var err: String
    }

    /// `planet build --now START+offset` with this folder's paths and `extra` arguments, the
    /// command's environment `environment` with `PLANET_LOOPBACK_ONLY=1` unless it says otherwise
    /// (`LoopbackOnly`; the test process's own is never changed).
    func build(at offset: TimeInterval = 0, _ extra: [String] = [], environment: [String: String] = [:]) async -> Run {
        let err = Mutex("")
        let io = CommandIO(
            out: { _ in }, err: { text in err.withLock { $0 += text } },
            environment: LoopbackOnly.environment(environment), currentDirectory: folder)
        let now = ISO8601DateFormatter().string(from: Self.start.addingTimeInterval(offset))
        let status = await PlanetCommand.run(
            [
                "build", "--config", config.path, "--output", output.path, "--templates",
                Self.repository.appendingPathComponent("templates").path, "--now", now
            ] + extra, io: io)
        return Run(status: status, err: err.withLock { $0 })
    }

    func read(_ name: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
    }

    /// status.json's feed object whose `name` is `name`.
    func status(of name: String) throws -> [String: Any]? {
        let data = try Data(contentsOf: output.appendingPathComponent("status.json"))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let feeds = root?["feeds"] as? [[String: Any]] ?? []
        return feeds.first { $0["name"] as? String == name }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// A small RSS 2.0 feed: items `prefix-1…prefix-count`, published a day apart before 2026-12-01,
/// or undated when `dated` is false.
func rssFeed(_ prefix: String, count: Int = 2, dated: Bool = true, padding: Int = 0) -> Data {
    var items = ""
    for number in 1...count {
        let date = dated ? "<pubDate>\(number) Nov 2026 10:00:00 GMT</pubDate>" : ""
        items +=
            "<item><title>\(prefix) post \(number)</title><link>https://\(prefix).example.com/\(number)</link>"
            + "<guid>https://\(prefix).example.com/\(number)</guid>\(date)"
            + "<description>Body \(number)</description></item>\n"
    }
    let pad = padding > 0 ? "<!-- \(String(repeating: "x", count: padding)) -->" : ""
    return Data(
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>\(prefix) feed</title><link>https://\(prefix).example.com/</link>
        <description>d</description>\(pad)
        \(items)</channel></rss>
        """.utf8)
}

/// A server answer computed from the request (LoopbackRoute's own closure is internal to TestSupport).
typealias Responder = @Sendable (LoopbackRequest) -> LoopbackResponse

/// `200 OK` with an RSS body.
func okResponse(_ body: Data, headers: [LoopbackHeader] = []) -> LoopbackResponse {
    LoopbackResponse(
        headers: [LoopbackHeader("Content-Type", "application/rss+xml; charset=utf-8")] + headers,
        body: body)
}

/// A route that answers with `first` until `switchOver()` is called, then with `then`.
final class SwitchingRoute: Sendable {
    private let switched = Mutex(false)
    private let first: Responder
    private let then: Responder

    init(first: @escaping Responder, then: @escaping Responder) {
        self.first = first
        self.then = then
    }

    func switchOver() { switched.withLock { $0 = true } }

    var route: LoopbackRoute {
        LoopbackRoute { request in self.switched.withLock { $0 } ? self.then(request) : self.first(request) }
    }
}
