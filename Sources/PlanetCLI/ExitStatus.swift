/// The exit statuses of `planet`, all of them: every command returns one of these, and only
/// `PlanetCommand` turns it into the process's number. 74 and 75 are sysexits.h's.
enum ExitStatus: Int32, Sendable, Comparable {
    /// Done as asked.
    case success = 0
    /// Something outside the input failed: a network error, a file that cannot be read, a
    /// document that is not a feed; `planet build --strict` when a feed failed.
    case failure = 1
    /// Bad usage or bad input: an unknown option, a malformed feeds.txt, a build error (template,
    /// cache, output); nothing was changed.
    case usage = 2
    /// EX_IOERR: standard output could not be written (a full disk, `> /dev/full`); not when
    /// the line not written reports a change already made (`CommandIO.confirm`): that exits 0.
    case ioError = 74
    /// EX_TEMPFAIL, "try again later": another build holds the lock (`planet build` without
    /// `--wait`); nothing was done.
    case locked = 75

    /// A higher status is a worse outcome (`planet parse FILE...` exits with the worst).
    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}
