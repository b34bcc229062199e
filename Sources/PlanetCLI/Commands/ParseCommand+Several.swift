import FeedParser
import Foundation
import PlanetBase

extension ParseCommand {
    /// What one argument of `planet parse FILE|URL...` prints, rendered in its own task.
    struct Report: Sendable {
        var status: Int32
        /// Standard-output text, ending in a newline.
        var out: String
        /// Standard-error text (the failure message), empty for a feed.
        var err: String
    }

    /// `planet parse` with several arguments: at most twice `activeProcessorCount` documents loaded and
    /// parsed at once (`Lanes`), printed in argument order as soon as every earlier one is.
    /// - Returns: the worst (highest) of the documents' exit statuses.
    static func several(_ sources: [String], json: Bool, io: CommandIO, timeout: Double) async -> Int32 {
        // Two documents per core: a document's XML parse and mapping run on one core (only its
        // sanitizing is spread), so a second one in flight keeps the other core busy meanwhile
        // (47 corpus files: 125 -> 120 ms, hyperfine, 30 runs).
        let limit = 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
        // Reports finished but waiting for an earlier, slower document are held in memory; no
        // new document starts while this many wait (a URL that hangs up to --timeout in front of
        // thousands of large files must not hold all their output).
        let maxWaiting = 4 * limit
        var worst = ExitStatus.success
        let documents = Array(sources.enumerated())
        await Lanes.run(documents, width: limit, delivery: .inOrder(maxWaiting: maxWaiting)) { index, source in
            let outcome = await ParseOutcome.examine(source, io: io, timeout: timeout, namingSource: true)
            return report(outcome, source: source, json: json, first: index == 0)
        } deliver: { (_, ready: Report) async in
            if !ready.err.isEmpty { io.err(ready.err) }
            io.out(ready.out)
            worst = max(worst, ready.status)
        }
        return worst
    }

    /// The text of one argument: with `json`, one line of JSON Lines (`"source"` first, then the
    /// contract's keys, or `"error"`); else `==> source <==` and the summary, a blank line before
    /// every header but the first.
    static func report(_ outcome: ParseOutcome, source: String, json: Bool, first: Bool) -> Report {
        let quoted = JSONValue.string(source).renderedOnOneLine()
        switch outcome {
        case .parsed(let feed):
            if json {
                let object = feed.jsonContractValue.renderedOnOneLine()
                return Report(status: outcome.status, out: "{\"source\":\(quoted),\(object.dropFirst())\n", err: "")
            }
            return Report(status: outcome.status,
                          out: TerminalText.printable(header(source, first: first) + summary(of: feed)), err: "")
        case .failed(let message, let status):
            let err = TerminalText.printable("planet parse: \(message)") + "\n"
            if json {
                let error = JSONValue.string(message).renderedOnOneLine()
                return Report(status: status, out: "{\"source\":\(quoted),\"error\":\(error)}\n", err: err)
            }
            return Report(status: status, out: TerminalText.printable(header(source, first: first) + "error:   \(message)\n"), err: err)
        }
    }

    /// `==> source <==` on a line, after a blank line unless it is the first (as `head` and `tail`
    /// name their files).
    private static func header(_ source: String, first: Bool) -> String {
        (first ? "" : "\n") + "==> \(source) <==\n"
    }
}
