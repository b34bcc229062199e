import FeedParser
import Foundation
import Planet
import PlanetBase

/// The `planet` command line: picks the subcommand, parses its arguments from its table, runs it.
///
/// `main.swift` only calls `main(_:)`; tests call `run(_:io:)` with captured streams.
package enum PlanetCommand {
    /// Every subcommand, in the order `planet --help` lists them.
    static let subcommands: [any Subcommand.Type] = [
        BuildCommand.self,
        ParseCommand.self,
        CheckCommand.self,
        InitCommand.self,
        AddCommand.self,
        RemoveCommand.self,
        ListCommand.self,
        ImportCommand.self,
        ExportCommand.self,
        HideCommand.self,
        UnhideCommand.self
    ]

    /// Runs `planet` with the process's streams. - Parameter arguments: `CommandLine.arguments`
    /// (the program name first). - Returns: the exit status.
    package static func main(_ arguments: [String]) async -> Int32 {
        // libxml2's globals, set up before any task can parse (see `LibXML`).
        _ = LibXML.initialized
        return await run(Array(arguments.dropFirst()), io: .standard)
    }

    /// Runs `planet` with the arguments after the program name.
    /// - Returns: the exit status (`ExitStatus`: 0 on success, 1 when something outside the input
    ///   failed, 2 for bad usage or bad input, 74 when standard output cannot be written, 75 when
    ///   another build holds the lock); messages go to `io.err`.
    package static func run(_ arguments: [String], io: CommandIO) async -> Int32 {
        await status(arguments, io: io).rawValue
    }

    /// `run`, as an `ExitStatus`.
    static func status(_ arguments: [String], io: CommandIO) async -> ExitStatus {
        let specs = subcommands.map { $0.spec }
        guard let word = arguments.first else {
            io.err(HelpText.overview(specs))
            return ExitStatus.usage
        }
        if word == "--help" || word == "-h" || word == "help" {
            return help(Array(arguments.dropFirst()), io: io)
        }
        if word == "--version" || word == "-V" || word == "version" {
            io.out(PlanetVersion.generator + "\n")
            return ExitStatus.success
        }
        if let generated = GeneratedFiles.run(arguments, specs: specs, io: io) { return generated }
        guard let command = command(named: word, io: io) else { return ExitStatus.usage }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                io.out(HelpText.render(command.spec))
                return ExitStatus.success
            }
            return await command.run(parsed, io: io)
        } catch {
            io.message(error.description)
            return ExitStatus.usage
        }
    }

    /// `planet help [COMMAND]`: the overview, or one command's `--help`.
    static func help(_ words: [String], io: CommandIO) -> ExitStatus {
        guard let word = words.first else {
            io.out(HelpText.overview(subcommands.map { $0.spec }))
            return ExitStatus.success
        }
        guard words.count == 1 else {
            io.message("planet help: unexpected argument '\(words[1])'; 'planet help COMMAND' shows one command's help")
            return ExitStatus.usage
        }
        guard let command = command(named: word, io: io) else { return ExitStatus.usage }
        io.out(HelpText.render(command.spec))
        return ExitStatus.success
    }

    /// The subcommand called `word`; nil after saying on stderr that there is none, with the
    /// closest command's name (`Suggestion`) when one is close.
    static func command(named word: String, io: CommandIO) -> (any Subcommand.Type)? {
        if let command = subcommands.first(where: { $0.spec.name == word }) { return command }
        let names = subcommands.map { $0.spec.name } + ["help", "version"]
        io.message(
            "planet: unknown command '\(word)'\(Suggestion.hint(for: word, in: names)); "
                + "'planet --help' lists the commands")
        return nil
    }
}
