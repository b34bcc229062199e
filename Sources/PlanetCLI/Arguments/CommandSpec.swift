/// The table a subcommand is described by: its arguments and options. The parser reads it and
/// `--help` is generated from it, so the two never disagree.
struct CommandSpec: Sendable {
    /// A positional argument, e.g. `FILE|URL`.
    struct Argument: Sendable {
        var name: String
        var help: String
        var isOptional = false
        /// May be given several times (`FILE|URL...`); only the last argument may be.
        var isRepeated = false
    }

    /// An option, `--name VALUE` (or `--name=VALUE`), or a flag `--name` when `value` is nil.
    ///
    /// Each is declared once, as a `static let` of its command (or of `FeedsFile` for
    /// `--config`), put in the command's table by value and read by value
    /// (`ParsedArguments.flag(_:)`, `.value(_:)`): a misspelt option does not compile, and one
    /// that is not in the command's table stops the program (a test runs every table).
    struct Option: Sendable, Equatable {
        /// Long name without the dashes.
        var name: String
        /// Placeholder of the value in help (`FILE`, `N`), nil for a flag.
        var value: String?
        var help: String
        /// Default, as shown in help.
        var defaultText: String?
    }

    /// The subcommand word, e.g. `build`.
    var name: String
    /// One line for `planet --help`.
    var summary: String
    var arguments: [Argument] = []
    var options: [Option] = []
    /// Paragraphs after the options in `--help`.
    var discussion: String?

    func option(named name: String) -> Option? {
        options.first { $0.name == name }
    }
}

/// One subcommand: its table and what it does with the parsed arguments.
protocol Subcommand: Sendable {
    static var spec: CommandSpec { get }
    /// Runs the command. - Returns: the exit status (`ExitStatus`).
    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus
}
