import Planet
import PlanetSubscriptions

/// `planet export [--format opml]`: the subscription list for other feed readers, on stdout.
enum ExportCommand: Subcommand {
    static let format = CommandSpec.Option(
        name: "format", value: "FORMAT",
        help: "Output format; only 'opml' (OPML 2.0).", defaultText: "opml")

    static let spec = CommandSpec(
        name: "export",
        summary: "print the subscription list as OPML",
        options: [FeedsFile.config, format])

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        let chosen = arguments.value(format) ?? "opml"
        guard chosen == "opml" else {
            io.message("\(arguments.command): unknown format '\(chosen)'; the formats are: opml")
            return ExitStatus.usage
        }
        guard let list = FeedsFile.load(arguments, io: io) else { return ExitStatus.usage }
        let settings = list.settings
        io.out(
            OPMLWriter.document(
                title: settings.title, ownerName: settings.ownerName,
                ownerEmail: settings.ownerEmail, subscriptions: list.subscriptions, groups: list.groups))
        return ExitStatus.success
    }
}
