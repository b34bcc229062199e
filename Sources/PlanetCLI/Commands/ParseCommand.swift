import FeedParser
import Foundation
import Planet

/// `planet parse FILE|URL [--json]`: shows what the parser makes of one feed; `--json` prints
/// `Feed.jsonContract()`, whose keys the help text lists.
enum ParseCommand: Subcommand {
    static let spec = CommandSpec(
        name: "parse",
        summary: "parse one feed and show what planet reads in it",
        arguments: [.init(name: "FILE|URL", help: "A feed file, or an http(s) URL to fetch.")],
        options: [
            .init(name: "json", help: "Print what was read as one JSON object (keys below)."),
            .init(name: "timeout", value: "SECONDS", help: "Time allowed to fetch a URL.", defaultText: "30"),
        ],
        discussion: "JSON keys, sorted; absent values are null, dates RFC 3339 UTC:\n"
            + "  format, title, link, feed_url, subtitle, id, language, updated, author {name, email, uri},\n"
            + "  icon, logo, rights, generator, warnings [string],\n"
            + "  entries [{id, title, link, published, updated, author, summary, content, categories,\n"
            + "            enclosures [{url, type, length}]}]\n"
            + "Exit status 1 when the file or URL cannot be read or fetched, 2 when the argument is not "
            + "a location or the document is not a feed (an empty file included).")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> Int32 {
        let source = arguments.positionals[0]
        let timeout: Double
        do {
            timeout = try arguments.seconds("timeout", default: 30)
        } catch {
            io.message(error.description)
            return ExitStatus.usage
        }
        let document: FetchedDocument
        do {
            document = try await DocumentSource.load(source, io: io, timeout: timeout)
        } catch {
            io.message("planet parse: \(error.message)")
            return error.isInput ? ExitStatus.usage : ExitStatus.failure
        }
        let feed: Feed
        do {
            feed = try Feed.parse(document.data, url: document.finalURL, contentType: document.contentType)
        } catch {
            let links = FeedDiscovery.alternateLinks(html: document.data, base: document.finalURL)
            let hint = links.isEmpty ? "" : "; it links the feed\(links.count == 1 ? "" : "s") "
                + links.map { "'\($0.url.absoluteString)'" }.joined(separator: ", ")
            io.message("planet parse: \(error.description)\(hint)")
            return ExitStatus.usage
        }
        if arguments.flag("json") {
            io.line(feed.jsonContract())
        } else {
            io.out(summary(of: feed))
        }
        return ExitStatus.success
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
