import Foundation

/// `--help` text generated from a `CommandSpec`.
enum HelpText {
    /// ```
    /// planet build: fetch every feed of feeds.txt and write the site
    ///
    /// Usage: planet build [--config FILE] [--output DIR]
    ///
    /// Options:
    ///   --config FILE   feeds.txt to read (default: ./feeds.txt)
    ///   -h, --help      Show this help.
    /// ```
    static func render(_ spec: CommandSpec) -> String {
        let usage = usage(spec)
        var rows: [(String, String)] = spec.arguments.map { ($0.name, $0.help) }
        let argumentCount = rows.count
        for option in spec.options {
            let label = "--\(option.name)" + (option.value.map { " \($0)" } ?? "")
            let help = option.help + (option.defaultText.map { " (default: \($0))" } ?? "")
            rows.append((label, help))
        }
        rows.append(("-h, --help", "Show this help."))
        let width = rows.map(\.0.count).max() ?? 0
        func table(_ slice: ArraySlice<(String, String)>) -> String {
            slice.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
                .joined(separator: "\n")
        }
        var text = "planet \(spec.name): \(spec.summary)\n\nUsage: \(usage)\n"
        if argumentCount > 0 { text += "\nArguments:\n" + table(rows[..<argumentCount]) + "\n" }
        text += "\nOptions:\n" + table(rows[argumentCount...]) + "\n"
        if let discussion = spec.discussion { text += "\n" + discussion + "\n" }
        return text
    }

    /// `planet build [--config FILE] ... [URL...]`: the command, its options, its arguments.
    static func usage(_ spec: CommandSpec) -> String {
        var usage = "planet \(spec.name)"
        for option in spec.options {
            usage += " [--\(option.name)\(option.value.map { " \($0)" } ?? "")]"
        }
        for argument in spec.arguments {
            let name = argument.name + (argument.isRepeated ? "..." : "")
            usage += argument.isOptional ? " [\(name)]" : " \(name)"
        }
        return usage
    }

    /// `planet --help`: the commands and their summaries.
    static func overview(_ specs: [CommandSpec]) -> String {
        let width = specs.map(\.name.count).max() ?? 0
        let rows = specs.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        return "planet: a feed aggregator and static site generator\n\n"
            + "Usage: planet COMMAND [OPTIONS]\n\nCommands:\n" + rows.joined(separator: "\n")
            + "\n\n'planet help COMMAND' (or 'planet COMMAND --help') shows the options of a command; "
            + "'planet --version' the version.\n"
    }
}
