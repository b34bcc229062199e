import FeedParser
import Foundation
import Planet
import PlanetFetcher
import Synchronization

#if canImport(Glibc)
    import Glibc
    import PlanetBase
    import PlanetSite
#endif

/// What `planet build` writes to standard error, fit for cron.
///
/// - On a terminal (stderr is a TTY and `TERM` is set and not `dumb`): one progress line,
///   rewritten with `\r` (`planet: 12/40 feeds, 1 failed`), then the summary.
/// - Otherwise: the failing feeds (one line each) and the one-line summary only.
/// - `--verbose`: one line per feed as it finishes, on a terminal or not.
/// - `--quiet`: for cron, quiet but never silent about a new problem: the build error, and a
///   failing feed on the first run it fails (failure streak 1); every failing feed with `--strict`.
/// - A failing feed's line names its URL or file path (terminal output is private, unlike
///   status.json, which names a local file by its display name).
/// - Color (red for failures) only on a terminal and only without `NO_COLOR` (no-color.org).
final class BuildTerminal: Sendable {
    enum Verbosity: Sendable { case quiet, normal, verbose }

    let io: CommandIO
    let verbosity: Verbosity
    let strict: Bool
    let isTerminal: Bool
    let color: Bool
    private let progressShown = Mutex(false)

    init(io: CommandIO, verbosity: Verbosity, strict: Bool, isTerminal: Bool) {
        self.io = io
        self.verbosity = verbosity
        self.strict = strict
        self.isTerminal = isTerminal
        self.color = isTerminal && (io.environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Whether stderr of this process is a terminal worth drawing on.
    static func stderrIsTerminal(environment: [String: String]) -> Bool {
        guard isatty(STDERR_FILENO) == 1, let term = environment["TERM"] else { return false }
        return !term.isEmpty && term != "dumb"
    }

    /// The progress callback for `BuildOptions.progress`, nil when nothing is shown per feed.
    var progress: (@Sendable (BuildProgress) -> Void)? {
        switch verbosity {
        case .quiet: return nil
        case .verbose:
            return {
                self.clearProgress()
                self.io.message(self.line(for: $0.feed, failure: $0.failure))
            }
        case .normal:
            guard isTerminal else { return nil }
            return { step in
                self.progressShown.withLock { $0 = true }
                let failed = step.failed > 0 ? ", " + self.red("\(step.failed) failed") : ""
                self.io.err("\r\u{1B}[Kplanet: \(step.done)/\(step.total) feeds\(failed)")
            }
        }
    }

    /// The end of a build: feeds.txt's warnings (as `planet list` prints them; not with
    /// `--quiet`), failing feeds (unless already listed or quiet), then the summary.
    func finish(_ report: BuildReport) {
        clearProgress()
        if let damaged = report.damagedCache { io.message("planet build: warning: \(damaged)") }
        if verbosity != .quiet {
            for warning in report.configWarnings { io.message("planet build: warning: \(warning)") }
        }
        let failing = report.feeds.filter { feed in
            feed.outcome == .failed && (verbosity == .normal || strict || feed.failureStreak == 1)
        }
        if verbosity != .verbose {
            var failures: [String: FetchFailure] = [:]
            for failure in report.failures { failures[failure.url.absoluteString] = failure }
            for feed in failing { io.message(line(for: feed, failure: failures[feed.subscriptionURL])) }
        }
        for (old, new) in report.redirectsToApply.sorted(by: { $0.key < $1.key }) where verbosity != .quiet {
            // Without userinfo: a password never goes into a log.
            io.message(
                "planet: \(URLText.removingUserinfo(old)) moved permanently to \(URLText.removingUserinfo(new)); "
                    + "run planet build --apply-redirects")
        }
        guard verbosity != .quiet else { return }
        var summary = report.summaryLine
        if color, !report.failures.isEmpty {
            summary = summary.replacingOccurrences(
                of: "\(report.failures.count) failed",
                with: red("\(report.failures.count) failed"))
        }
        io.message(summary)
        if io.environment["PLANET_PHASES"] == "1" { io.message("planet: " + report.phases.line) }
    }

    /// A build error (always shown).
    func error(_ text: String) {
        clearProgress()
        io.message(text)
    }

    /// `planet: ok      https://… (12 entries)` style line for one feed; a failure's line says
    /// `failure`'s message when given, else the published one, and always names the feed: a
    /// message that does not (a document cut short, a parse error) is prefixed with its URL or path,
    /// so twenty feeds failing alike are twenty lines that each say which.
    func line(for feed: FeedStatus, failure: FetchFailure? = nil) -> String {
        let location = feed.url ?? feed.name
        switch feed.outcome {
        case .ok: return "planet: ok           \(location)"
        case .notModified: return "planet: not modified \(location)"
        case .skipped: return "planet: skipped      \(location)"
        case .notDue:
            let next = feed.nextFetch.map { " (next fetch \(FeedDateParser.rfc3339($0)))" } ?? ""
            return "planet: not due      \(location)\(next)"
        case .failed:
            return "planet: " + red("failed") + "       " + Self.naming(failure?.message ?? feed.lastError, feed)
        }
    }

    /// `message`, starting with `'URL': ` unless it names the feed already (without userinfo: a
    /// password never goes into a log; a file by its path).
    static func naming(_ message: String?, _ feed: FeedStatus) -> String {
        let url = URL(string: feed.subscriptionURL)
        let shown = url.map { $0.isFileURL ? $0.path : $0.displayString } ?? feed.subscriptionURL
        guard let message, !message.isEmpty else { return "'\(shown)'" }
        return message.contains(shown) ? message : "'\(shown)': \(message)"
    }

    private func clearProgress() {
        let shown = progressShown.withLock { value in
            defer { value = false }
            return value
        }
        if shown { io.err("\r\u{1B}[K") }
    }

    private func red(_ text: String) -> String {
        color ? "\u{1B}[31m\(text)\u{1B}[0m" : text
    }
}
