import Foundation
import Planet

/// `planet init [DIR]`: starts a new planet: feeds.txt with settings and two example feeds.
enum InitCommand: Subcommand {
    static let spec = CommandSpec(
        name: "init",
        summary: "start a new planet in a folder",
        arguments: [.init(name: "DIR", help: "Folder of the new planet (created when missing).", isOptional: true)],
        discussion: "Refuses to touch a folder that already has a feeds.txt.")

    /// The feeds.txt of a new planet.
    static let feedsTemplate = """
        # planet subscription list (see the README of planet)
        # settings: "key = value" lines before the first feed
        title = My Planet
        link = https://planet.example.org/
        owner = Your Name <you@example.org>
        description = Posts from the blogs I read.
        items_per_page = 60

        # one feed per line: the feed's URL (or a file path), then an optional display name
        https://www.swift.org/atom.xml                 Swift.org
        https://planet.debian.org/rss20.xml            Planet Debian

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> Int32 {
        let folder = io.fileURL(arguments.positional(0) ?? ".", isDirectory: true)
        let feeds = folder.appendingPathComponent("feeds.txt")
        let shown = (arguments.positional(0).map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "") + "feeds.txt"
        if FileManager.default.fileExists(atPath: feeds.path) {
            io.message("\(arguments.command): \(shown) already exists; nothing was changed")
            return ExitStatus.usage
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(feedsTemplate.utf8).write(to: feeds, options: .withoutOverwriting)
        } catch {
            io.message("\(arguments.command): \(shown): cannot be written (\(error.localizedDescription))")
            return ExitStatus.usage
        }
        io.line("created \(shown); edit it, then run 'planet build'")
        return ExitStatus.success
    }
}
