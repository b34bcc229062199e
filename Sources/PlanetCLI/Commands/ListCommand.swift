import Foundation
import Planet

/// `planet list [--json]`: the feeds of feeds.txt in file order.
enum ListCommand: Subcommand {
    static let spec = CommandSpec(
        name: "list",
        summary: "list the feeds of feeds.txt",
        options: [FeedsFile.option, .init(name: "json", help: "Print a JSON array of the feeds.")],
        discussion: "JSON: [{\"line\", \"name\", \"url\"}] in file order (name null when none).")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> Int32 {
        guard let list = FeedsFile.load(arguments, io: io) else { return ExitStatus.usage }
        let feeds = list.subscriptions
        if arguments.flag("json") {
            io.line(json(feeds))
            return ExitStatus.success
        }
        let width = feeds.map { ($0.name ?? "").count }.max() ?? 0
        for feed in feeds {
            let name = (feed.name ?? "").padding(toLength: width, withPad: " ", startingAt: 0)
            io.line(width == 0 ? feed.url.absoluteString : "\(name)  \(feed.url.absoluteString)")
        }
        return ExitStatus.success
    }

    /// Sorted keys and no escaped slashes, so the output is stable and readable.
    static func json(_ feeds: [Subscription]) -> String {
        let objects: [[String: Any]] = feeds.map {
            ["line": $0.line, "name": $0.name ?? NSNull(), "url": $0.url.absoluteString]
        }
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: options) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
