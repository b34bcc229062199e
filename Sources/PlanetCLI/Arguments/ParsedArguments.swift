import Foundation

/// A command line read against its `CommandSpec`, with typed accessors that throw a
/// `UsageError` naming the option.
struct ParsedArguments: Sendable, Equatable {
    /// `planet build`, for messages.
    var command: String
    /// Option values by long name (without dashes).
    var values: [String: String] = [:]
    /// Flags given.
    var flags: Set<String> = []
    /// Positional arguments in order.
    var positionals: [String] = []
    /// `-h` or `--help` was given.
    var wantsHelp = false

    /// The value of `--name`, nil when absent.
    func value(_ name: String) -> String? { values[name] }

    /// Whether the flag `--name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The positional argument at `index`, nil when absent.
    func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// `--name N` as a whole number in `range`; `fallback` when absent.
    func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw error("'--\(name)' must be a whole number from \(range.lowerBound) to "
                + "\(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// The longest duration an option may give: one week, in seconds.
    static let maximumSeconds: Double = 7 * 86_400

    /// `--name SECONDS` as a positive number of at most `maximumSeconds`; `fallback` when absent.
    func seconds(_ name: String, default fallback: Double) throws(UsageError) -> Double {
        guard let text = values[name] else { return fallback }
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
