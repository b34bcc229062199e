/// Reads a command line against a `CommandSpec`.
///
/// Rules (as getopt_long and swift-argument-parser do): `--name VALUE` and `--name=VALUE`;
/// a flag takes no value; `--` ends the options; `-h`/`--help` anywhere asks for help. An
/// option with a value is given at most once: every one holds a single value, and taking the
/// last of two (`--now A --now B`) silently would build with a value the user may not have
/// meant; a flag given twice means what it means once.
enum ArgumentParser {
    /// - Parameter words: the arguments after the subcommand word.
    /// - Throws: `UsageError` for an unknown option, a missing value, a value given to a flag,
    ///   an option with a value given twice, a missing or extra positional argument.
    static func parse(_ words: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        let command = "planet \(spec.name)"
        var parsed = ParsedArguments(command: command, options: spec.options)
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "-h" || word == "--help" {
                parsed.wantsHelp = true
                continue
            }
            let body = word.hasPrefix("--") ? word.dropFirst(2) : word.dropFirst()
            let name = String(body.prefix { $0 != "=" })
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard word.hasPrefix("--"), let option = spec.option(named: name) else {
                let typed = word.hasPrefix("--") ? "--" + name : word
                let known = spec.options.map { "--" + $0.name } + ["--help"]
                throw UsageError(
                    command: command,
                    message: "unknown option '\(word)'\(Suggestion.hint(for: typed, in: known)); "
                        + "'\(command) --help' lists the options")
            }
            guard let placeholder = option.value else {
                if inline != nil {
                    throw UsageError(command: command, message: "'--\(name)' takes no value")
                }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if index < words.count {
                value = words[index]
                index += 1
            } else {
                throw UsageError(command: command, message: "'--\(name)' needs a value (\(placeholder))")
            }
            if let earlier = parsed.values[name] {
                throw UsageError(
                    command: command,
                    message: "'--\(name)' is given twice ('\(earlier)', then '\(value)'); it takes one value: "
                        + "give it once")
            }
            parsed.values[name] = value
        }
        if !parsed.wantsHelp { try checkPositionals(parsed.positionals, spec: spec, command: command) }
        return parsed
    }

    /// Throws when `positionals` are fewer than the spec's required arguments, or more than its
    /// arguments and its last is not repeated.
    private static func checkPositionals(_ positionals: [String], spec: CommandSpec, command: String)
        throws(UsageError)
    {
        let required = spec.arguments.filter { !$0.isOptional }.count
        if positionals.count < required {
            let missing = spec.arguments[positionals.count].name
            throw UsageError(
                command: command,
                message: "missing \(missing); "
                    + "'\(command) --help' shows the usage")
        }
        if positionals.count > spec.arguments.count, spec.arguments.last?.isRepeated != true {
            let extra = positionals[spec.arguments.count]
            throw UsageError(
                command: command,
                message: "unexpected argument '\(extra)'; "
                    + "'\(command) --help' shows the usage")
        }
    }
}
