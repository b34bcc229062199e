import Foundation

/// A command line read against its `CommandSpec`, with typed accessors that throw a
/// `UsageError` naming the option.
///
/// Options are read by value (`CommandSpec.Option`), never by name: reading one that the
/// command's table does not hold, or a flag as a value (or the reverse), is a programming error
/// in planet's own tables and stops the program (`precondition`) instead of silently reading
/// "absent"; `ArgumentsTests` reads every option of every table.
struct ParsedArguments: Sendable, Equatable {
    /// `planet build`, for messages.
    var command: String
    /// The options of the command's table.
    var options: [CommandSpec.Option] = []
    /// Option values by long name (without dashes).
    var values: [String: String] = [:]
    /// Flags given, by long name.
    var flags: Set<String> = []
    /// Positional arguments in order.
    var positionals: [String] = []
    /// `-h` or `--help` was given.
    var wantsHelp = false

    /// The value of the option, nil when absent.
    func value(_ option: CommandSpec.Option) -> String? {
        check(option, isFlag: false)
        return values[option.name]
    }

    /// Whether the flag was given.
    func flag(_ option: CommandSpec.Option) -> Bool {
        check(option, isFlag: true)
        return flags.contains(option.name)
    }

    /// Stops the program when `option` is not in the command's table or not of the kind read.
    private func check(_ option: CommandSpec.Option, isFlag: Bool) {
        precondition(options.contains(option), "'--\(option.name)' is not an option of \(command)")
        precondition(
            (option.value == nil) == isFlag,
            "'--\(option.name)' of \(command) is \(isFlag ? "an option with a value" : "a flag")")
    }

    /// The positional argument at `index`, nil when absent.
    func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// `--name N` as a whole number in `range`; `fallback` when absent.
    func int(
        _ option: CommandSpec.Option, default fallback: Int,
        in range: ClosedRange<Int>
    ) throws(UsageError) -> Int {
        guard let text = value(option) else { return fallback }
        let name = option.name
        guard let number = Int(text), range.contains(number) else {
            throw error(
                "'--\(name)' must be a whole number from \(range.lowerBound) to "
                    + "\(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// The longest duration an option may give: one week, in seconds.
    static let maximumSeconds: Double = 7 * 86_400

    /// `--name SECONDS` as a positive number of at most `maximumSeconds`; `fallback` when absent.
    func seconds(_ option: CommandSpec.Option, default fallback: Double) throws(UsageError) -> Double {
        guard let text = value(option) else { return fallback }
        let name = option.name
        guard let number = Double(text), number > 0, number.isFinite else {
            throw error("'--\(name)' must be a number of seconds greater than 0, not '\(text)'")
        }
        // Durations beyond this overflow Swift's Duration (a crash with --timeout 1e18).
        guard number <= Self.maximumSeconds else {
            throw error("'--\(name)' must be at most \(Int(Self.maximumSeconds)) seconds (one week), not '\(text)'")
        }
        return number
    }

    /// A usage error of this command.
    func error(_ message: String) -> UsageError {
        UsageError(command: command, message: message)
    }
}
