/// A build that could not produce a site (bad feeds.txt, template error, unwritable output, a
/// broken cache, another build running). Per-feed problems are never a BuildError; they are in
/// the report.
public struct BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure stopped the build; each case carries the message shown.
    public enum Reason: Sendable, Equatable {
        /// feeds.txt is unreadable or malformed; the message names file:line.
        case config(String)
        /// A template failed to compile or render; the message names template:line:column.
        case template(String)
        /// The output could not be written.
        case write(String)
        /// The cache could not be opened, read or written; the message names its path.
        case cache(String)
        /// Another build holds the lock file (and `--wait` was not given); the message names it.
        case locked(String)
    }
    /// What stopped the build.
    public var reason: Reason

    /// Creates an error with the given reason.
    public init(_ reason: Reason) { self.reason = reason }

    /// The message the reason carries, as is.
    public var description: String {
        switch reason {
        case .config(let m), .template(let m), .write(let m), .cache(let m), .locked(let m): return m
        }
    }
}
