import FeedParser
import Foundation
import Planet
import PlanetBase
import PlanetSubscriptions

/// `planet list [--json]`: the feeds of feeds.txt in file order, then those its reading lists add,
/// with what the cache knows of them;
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
        summary: "list the feeds of feeds.txt and of its reading lists, with their status",
        options: [FeedsFile.config, cache, json, hidden],
        discussion: "Status, last success (UTC) and entry count come from the cache that 'planet build' "
            + "keeps; a feed not in it, or no cache at all, is 'never fetched'. The cache is only read: "
            + "nothing is fetched.\n"
            + "The feeds of a reading list ('list URL' line) follow those of feeds.txt, as the last build read "
            + "the list, marked with it (column READING LIST); a list no build has read yet is named on "
            + "standard error.\n"
            + "JSON: [{\"line\", \"name\", \"url\", \"status\", \"last_success\", \"entries\", \"error\", "
            + "\"reading_list\"}] in that order; status is never-fetched, ok, failing or gone; reading_list is "
            + "the list's URL (line: its 'list' line), null for a feed of feeds.txt; absent values are null.\n"
            + "With --hidden, JSON: [{\"value\", \"hidden_at\"}] in the order they were hidden; value is the "
            + "link or id given to 'planet hide', hidden_at RFC 3339 UTC.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        let cacheFile = FeedsFile.cacheURL(arguments, cache, io: io)
        if arguments.flag(hidden) {
            return await HideCommand.list(
                cache: cacheFile, json: arguments.flag(json), command: arguments.command, io: io)
        }
        guard let list = FeedsFile.load(arguments, io: io) else { return ExitStatus.usage }
        let loaded: (rows: [ListRow], unread: [URL])
        do {
            loaded = try await ListRow.load(cachePath: cacheFile.path, list: list)
        } catch {
            io.message("\(arguments.command): \(error.description)")
            return ExitStatus.usage
        }
        let lines = ListRow.lines(of: list)
        for url in loaded.unread {
            io.message(
                "\(arguments.command): \(list.file.relativePath):\(lines[url] ?? 0): reading list "
                    + "'\(URLText.removingUserinfo(url.absoluteString))' has not been read yet; "
                    + "'planet build' fetches it, then its feeds are listed")
        }
        let rows = loaded.rows
        io.out(arguments.flag(json) ? json(rows) + "\n" : TerminalText.printable(table(rows)))
        return ExitStatus.success
    }

    /// Columns NAME, URL, STATUS, LAST SUCCESS, ENTRIES under a header, and READING LIST when a
    /// row comes from one (`-` for a feed of feeds.txt), aligned with spaces by display width
    /// (`DisplayWidth`: a CJK character takes two columns).
    static func table(_ rows: [ListRow]) -> String {
        let listed = rows.contains { $0.readingList != nil }
        var cells = [["NAME", "URL", "STATUS", "LAST SUCCESS", "ENTRIES"] + (listed ? ["READING LIST"] : [])]
        for row in rows {
            let (feed, status) = (row.subscription, row.status)
            cells.append(
                [
                    feed.name ?? "", URLText.removingUserinfo(feed.url.absoluteString), status.text,
                    status.lastSuccessText, String(status.entries)
                ] + (listed ? [row.readingList.map { URLText.removingUserinfo($0.absoluteString) } ?? "-"] : []))
        }
        let count = cells[0].count
        let widths = (0..<count).map { column in cells.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : DisplayWidth.pad(cell, to: widths[column])
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// The JSON array of `rows` (`jsonText`).
    static func json(_ rows: [ListRow]) -> String {
        let objects: [[String: Any]] = rows.map { row in
            let (feed, status) = (row.subscription, row.status)
            return [
                "line": feed.line, "name": feed.name ?? NSNull(),
                "url": URLText.removingUserinfo(feed.url.absoluteString),
                "status": status.status, "last_success": status.lastSuccess.map(FeedDateParser.rfc3339) ?? NSNull(),
                "entries": status.entries, "error": status.error ?? NSNull(),
                "reading_list": row.readingList.map { URLText.removingUserinfo($0.absoluteString) } ?? NSNull()
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
