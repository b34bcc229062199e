import Foundation
import Planet

/// `planet import FILE`: adds the feeds of a Planet Venus config.ini (or, once wired, an OPML
/// file) to feeds.txt; feeds already listed are skipped.
enum ImportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "import",
        summary: "add the feeds of a Venus config.ini or an OPML file",
        arguments: [.init(name: "FILE", help: "A Planet Venus config.ini, or an OPML 1.0/2.0 file.")],
        options: [FeedsFile.option],
        discussion: "Settings of config.ini's [Planet] section (name, link, owner_name, owner_email, "
            + "items_per_page) are copied when feeds.txt does not set them.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> Int32 {
        let source = io.fileURL(arguments.positionals[0])
        let text: String
        do {
            text = try String(contentsOf: source, encoding: .utf8)
        } catch {
            io.message("\(arguments.command): \(source.relativePath): cannot be read as UTF-8 text")
            return ExitStatus.usage
        }
        guard var list = FeedsFile.load(arguments, io: io) else { return ExitStatus.usage }
        if text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "<" {
            // TODO: OPML needs libxml2 in the Planet module (see the report of the CLI helper).
            io.message("\(arguments.command): \(source.relativePath): OPML import is not available yet")
            return ExitStatus.usage
        }
        let config = VenusConfig.parse(text)
        guard !config.subscriptions.isEmpty else {
            io.message("\(arguments.command): \(source.relativePath): no feed sections found "
                + "(expected '[https://…]' sections of a Planet Venus config.ini)")
            return ExitStatus.usage
        }
        let summary = merge(config.subscriptions, settings: config.settings, into: &list)
        guard FeedsFile.save(list, arguments, io: io) else { return ExitStatus.usage }
        io.line("imported \(summary.added) feeds from \(source.relativePath) "
            + "(\(summary.skipped) already listed)"
            + (summary.settings.isEmpty ? "" : "; settings: \(summary.settings.joined(separator: ", "))"))
        return ExitStatus.success
    }

    /// Adds feeds (without their source line numbers) and the settings feeds.txt lacks.
    static func merge(_ feeds: [Subscription], settings: [(key: String, value: String)],
                      into list: inout FeedList) -> (added: Int, skipped: Int, settings: [String]) {
        var added = 0
        for feed in feeds where list.add(Subscription(url: feed.url, name: feed.name)) { added += 1 }
        var copied: [String] = []
        for (key, value) in settings where list.settings.values[key] == nil {
            list.setSetting(key, value)
            copied.append(key)
        }
        return (added, feeds.count - added, copied)
    }
}
