import FeedParser
import Foundation
import Planet
import PlanetBase
import PlanetSubscriptions

/// `planet list [--json]`: the feeds of feeds.txt in file order, with what the cache knows of them;
/// `planet list --hidden [--json]`: the entries hidden with `planet hide`.
enum ListCommand: Subcommand {
    static let cache = CommandSpec.Option(
        name: "cache", value: "FILE", help: "The SQLite cache (only read).",
        defaultText: ".planet/cache.sqlite beside feeds.txt")
    static let json = CommandSpec.Option(
        name: "json", help: "Print a JSON array of the feeds (with --hidden: of the hidden entries).")
    static let hidden = CommandSpec.Option(
        name: "hidden",
        help: "List the entries hidden with 'planet hide' instead "
            + "(link or id, and when it was hidden).")

    static let spec = CommandSpec(
        name: "list",
        summary: "list the feeds of feeds.txt with their status",
        options: [FeedsFile.config, cache, json, hidden],
        discussion: "Status, last success (UTC) and entry count come from the cache that 'planet build' "
            + "keeps; a feed not in it, or no cache at all, is 'never fetched'. The cache is only read.\n"
            + "JSON: [{\"line\", \"name\", \"url\", \"status\", \"last_success\", \"entries\", \"error\"}] in file "
            + "order; status is never-fetched, ok, failing or gone; absent values are null.\n"
            + "With --hidden, JSON: [{\"value\", \"hidden_at\"}] in the order they were hidden; value is the "
            + "link or id given to 'planet hide', hidden_at RFC 3339 UTC.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        let cacheFile = FeedsFile.cacheURL(arguments, cache, io: io)
        if arguments.flag(hidden) {
            return await HideCommand.list(
                cache: cacheFile, json: arguments.flag(json), command: arguments.command, io: io)
        }
        guard let list = FeedsFile.load(arguments, io: io) else { return ExitStatus.usage }
        let feeds = list.subscriptions
        let statuses: [ListStatus]
        do {
            statuses = try await ListStatus.load(cachePath: cacheFile.path, subscriptions: feeds)
        } catch {
            io.message("\(arguments.command): \(error.description)")
            return ExitStatus.usage
        }
        let rows = Array(zip(feeds, statuses))
        io.out(arguments.flag(json) ? json(rows) + "\n" : TerminalText.printable(table(rows)))
        return ExitStatus.success
    }

    /// Columns NAME, URL, STATUS, LAST SUCCESS, ENTRIES under a header, aligned with spaces by
    /// display width (`DisplayWidth`: a CJK character takes two columns).
    static func table(_ rows: [(Subscription, ListStatus)]) -> String {
        var cells = [["NAME", "URL", "STATUS", "LAST SUCCESS", "ENTRIES"]]
        for (feed, status) in rows {
            cells.append([
                feed.name ?? "", URLText.removingUserinfo(feed.url.absoluteString), status.text, status.lastSuccessText,
                String(status.entries)
            ])
        }
        let widths = (0..<5).map { column in cells.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : DisplayWidth.pad(cell, to: widths[column])
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// The JSON array of `rows` (`jsonText`).
    static func json(_ rows: [(Subscription, ListStatus)]) -> String {
        let objects: [[String: Any]] = rows.map { feed, status in
            [
                "line": feed.line, "name": feed.name ?? NSNull(),
                "url": URLText.removingUserinfo(feed.url.absoluteString),
                "status": status.status, "last_success": status.lastSuccess.map(FeedDateParser.rfc3339) ?? NSNull(),
                "entries": status.entries, "error": status.error ?? NSNull()
            ]
        }
        return jsonText(objects)
    }

    /// A JSON array as `planet list --json` prints it (and `--hidden --json`): sorted keys, no
    /// escaped slashes, indented, so the output is stable and readable; `[]` when empty; without a
    /// final newline.
    static func jsonText(_ objects: [[String: Any]]) -> String {
        guard !objects.isEmpty else { return "[]" }
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: options) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
