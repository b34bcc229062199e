import FeedParser
import Foundation
import Planet

/// `planet parse FILE|URL... [--json]`: shows what the parser makes of feeds; `--json` prints
/// `Feed.jsonContract()`, whose keys the help text lists (one argument), or one line of JSON Lines
/// per argument (several: `ParseCommand+Several.swift`).
enum ParseCommand: Subcommand {
    static let json = CommandSpec.Option(name: "json", help: "Print what was read as one JSON object (keys below).")
    static let timeout = CommandSpec.Option(
        name: "timeout", value: "SECONDS", help: "Time allowed to fetch a URL.",
        defaultText: "30")

    static let spec = CommandSpec(
        name: "parse",
        summary: "parse feeds and show what planet reads in them",
        arguments: [
            .init(
                name: "FILE|URL", help: "A feed file, or an http(s) URL to fetch; several may be given.",
                isRepeated: true)
        ],
        options: [json, timeout],
        discussion: "JSON keys, sorted; absent values are null, dates RFC 3339 UTC:\n"
            + "  format, title, link, feed_url, subtitle, id, language, updated, author {name, email, uri},\n"
            + "  icon, logo, rights, generator, warnings [string],\n"
            + "  entries [{id, title, link, published, updated, author, summary, content, categories,\n"
            + "            enclosures [{url, type, length}]}]\n"
            + "Exit status 1 when the file or URL cannot be read or fetched, 2 when the argument is not "
            + "a location or the document is not a feed (an empty file included).\n"
            + "\n"
            + "With several arguments, documents are read and parsed concurrently and printed in\n"
            + "argument order: each summary under a line '==> FILE|URL <=='; with --json, JSON Lines,\n"
            + "one line per argument: the object above with a first key \"source\" (the argument as\n"
            + "given), or {\"source\": ..., \"error\": MESSAGE} for a document that failed (the\n"
            + "message also goes to standard error). The exit status is the worst of the documents'.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        let timeout: Double
        do {
            timeout = try arguments.seconds(Self.timeout, default: 30)
        } catch {
            io.message(error.description)
            return ExitStatus.usage
        }
        if arguments.positionals.count > 1 {
            return await several(arguments.positionals, json: arguments.flag(json), io: io, timeout: timeout)
        }
        switch await ParseOutcome.examine(arguments.positionals[0], io: io, timeout: timeout, namingSource: false) {
        case .failed(let message, let status):
            io.message("planet parse: \(message)")
            return status
        case .parsed(let feed):
            if arguments.flag(json) {
                io.out(feed.jsonContract() + "\n")  // JSON escapes every control character
            } else {
                io.out(TerminalText.printable(summary(of: feed)))
            }
            return ExitStatus.success
        }
    }

    /// A few lines for people: format, title, entry count, warnings.
    static func summary(of feed: Feed) -> String {
        var text = "format:  \(feed.format.rawValue)\n"
        text += "title:   \(feed.title.map { "'\($0)'" } ?? "(none)")\n"
        if let link = feed.link { text += "link:    \(link)\n" }
        text += "entries: \(feed.entries.count)\n"
        for warning in feed.warnings { text += "warning: \(warning)\n" }
        return text
    }
}
