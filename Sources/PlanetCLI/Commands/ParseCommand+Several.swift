import FeedParser
import Foundation
import PlanetBase

extension ParseCommand {
    /// What one argument of `planet parse FILE|URL...` prints, rendered in its own task.
    struct Report: Sendable {
        var status: ExitStatus
        /// Standard-output text (UTF-8), ending in a newline.
        var out: [UInt8]
        /// Standard-error text (the failure message), empty for a feed.
        var err: String
    }

    /// `planet parse` with several arguments: at most twice `activeProcessorCount` documents loaded and
    /// parsed at once (`Lanes`), printed in argument order as soon as every earlier one is.
    /// - Returns: the worst (highest) of the documents' exit statuses.
    static func several(_ sources: [String], json: Bool, io: CommandIO, timeout: Double) async -> ExitStatus {
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
            // With --json the entries' HTML is sanitized while the line is written.
            let outcome = await ParseOutcome.examine(
                source, io: io, timeout: timeout, namingSource: true,
                sanitizing: json ? .deferred : .eager)
            return await report(outcome, source: source, json: json, first: index == 0)
        } deliver: { (_, ready: Report) async in
            if !ready.err.isEmpty { io.err(ready.err) }
            io.outBytes(ready.out)
            worst = max(worst, ready.status)
        }
        return worst
    }

    /// The text of one argument: with `json`, one line of JSON Lines (`"source"` first, then the
    /// contract's keys, or `"error"`); else `==> source <==` and the summary, a blank line before
    /// every header but the first. With `json`, a parsed feed is one parsed with `.deferred`
    /// sanitizing (`ParseOutcome.examine`): its entries are sanitized as the line is written.
    static func report(_ outcome: ParseOutcome, source: String, json: Bool, first: Bool) async -> Report {
        switch outcome {
        case .parsed(let feed):
            if json {
                var line = await feed.sanitizedJSONContractLine(source: source)
                line.append(UInt8(ascii: "\n"))
                return Report(status: outcome.status, out: line, err: "")
            }
            return Report(
                status: outcome.status,
                out: Array(TerminalText.printable(header(source, first: first) + summary(of: feed)).utf8), err: "")
        case .failed(let message, let status):
            let err = TerminalText.printable("planet parse: \(message)") + "\n"
            if json {
                let quoted = JSONValue.string(source).renderedOnOneLine()
                let error = JSONValue.string(message).renderedOnOneLine()
                return Report(status: status, out: Array("{\"source\":\(quoted),\"error\":\(error)}\n".utf8), err: err)
            }
            return Report(
                status: status,
                out: Array(TerminalText.printable(header(source, first: first) + "error:   \(message)\n").utf8),
                err: err)
        }
    }

    /// `==> source <==` on a line, after a blank line unless it is the first (as `head` and `tail`
    /// name their files).
    private static func header(_ source: String, first: Bool) -> String {
        (first ? "" : "\n") + "==> \(source) <==\n"
    }
}
