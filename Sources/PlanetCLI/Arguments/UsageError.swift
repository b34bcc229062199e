/// A command line that cannot be run: unknown option, missing value, bad number. Printed on
/// standard error as `planet build: MESSAGE`, exit status 2.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `planet build` (the command words).
    var command: String
    var message: String

    var description: String { "\(command): \(message)" }
}
