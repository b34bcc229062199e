import Planet
import PlanetSubscriptions

/// `planet remove URL|NAME`: removes one feed and the comment lines directly above it.
enum RemoveCommand: Subcommand {
    static let spec = CommandSpec(
        name: "remove",
        summary: "remove a feed from feeds.txt",
        arguments: [
            .init(name: "URL|NAME", help: "The feed's URL (compared as 'add' normalizes it), or its display name.")
        ],
        options: [FeedsFile.config],
        discussion: "The comment lines directly above the feed go with it, unless they head a run of "
            + "feeds or the first feed of the file (where 'planet init' writes its guidance). A name shared by several "
            + "feeds removes nothing: remove one by its URL.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        guard let list = FeedsFile.load(arguments, io: io) else { return ExitStatus.usage }
        let target = arguments.positionals[0]
        let directory = io.currentDirectory
        guard
            let removed = FeedsFile.edit(
                arguments, io: io,
                { list throws(FeedListError) in
                    try list.remove(target, currentDirectory: directory)
                })
        else { return ExitStatus.usage }
        io.confirm("removed \(FeedsFile.label(removed)) from \(list.file.relativePath)")
        return ExitStatus.success
    }
}
