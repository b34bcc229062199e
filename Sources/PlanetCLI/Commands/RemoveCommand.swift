import Planet

/// `planet remove URL|NAME`: removes one feed and the comment lines directly above it.
enum RemoveCommand: Subcommand {
    static let spec = CommandSpec(
        name: "remove",
        summary: "remove a feed from feeds.txt",
        arguments: [.init(name: "URL|NAME", help: "The feed's URL (compared as 'add' normalizes it), or its display name.")],
        options: [FeedsFile.option],
        discussion: "The comment lines directly above the feed go with it. A name shared by several "
            + "feeds removes nothing: remove one by its URL.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> Int32 {
        guard var list = FeedsFile.load(arguments, io: io) else { return ExitStatus.usage }
        let removed: Subscription
        do {
            removed = try list.remove(arguments.positionals[0], currentDirectory: io.currentDirectory)
        } catch {
            io.message("\(arguments.command): \(error.description)")
            return ExitStatus.usage
        }
        guard FeedsFile.save(list, arguments, io: io) else { return ExitStatus.usage }
        io.line("removed \(FeedsFile.label(removed)) from \(list.file.relativePath)")
        return ExitStatus.success
    }
}
