/// `planet --man` and `planet --completions SHELL`: the files a package installs beside the
/// binary (planet(1), the bash, zsh and fish completions), printed on standard output from the
/// tables `--help` is made of; `make deb` runs them (docs/deploy.md). Not listed by `planet
/// --help`: they are for packagers.
enum GeneratedFiles {
    /// Runs `arguments` when it asks for a generated file; nil when it does not.
    static func run(_ arguments: [String], specs: [CommandSpec], io: CommandIO) -> ExitStatus? {
        switch arguments.first {
        case "--man":
            guard arguments.count == 1 else { return extra(arguments[1], io: io) }
            io.out(ManPage.render(specs))
            return ExitStatus.success
        case "--completions":
            let shells = Completions.Shell.allCases.map(\.rawValue).joined(separator: ", ")
            guard arguments.count == 2, let shell = Completions.Shell(rawValue: arguments[1]) else {
                let given = arguments.count > 1 ? " '\(arguments[1])'" : ""
                io.message("planet --completions: unknown or missing shell\(given); the shells are: \(shells)")
                return ExitStatus.usage
            }
            io.out(Completions.render(shell, specs: specs))
            return ExitStatus.success
        default:
            return nil
        }
    }

    private static func extra(_ word: String, io: CommandIO) -> ExitStatus {
        io.message("planet --man: unexpected argument '\(word)'")
        return ExitStatus.usage
    }
}
