/// Why the build's lock file (`BuildLock`) could not be taken.
public struct LockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// Another process holds the lock, past the grace period (`BuildLock.grace`) and without `wait`.
        case held
        /// The task waiting for another build (`--wait`) was cancelled.
        case stoppedWaiting
        /// The lock file could not be created; carries the system's reason (`strerror`).
        case cannotCreate(String)
        /// `flock(2)` failed for another reason than the lock being held; carries `strerror`.
        case cannotLock(String)
    }

    /// The lock file's path, e.g. `.planet/lock`.
    public var path: String
    /// What went wrong.
    public var reason: Reason

    /// Creates an error about the lock file at `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// True when another build holds the lock (`held`, `stoppedWaiting`): nothing is wrong, the
    /// build can be tried again later.
    public var isHeld: Bool { reason == .held || reason == .stoppedWaiting }

    /// `.planet/lock: another planet build is running for this feeds.txt; try again later, or pass
    /// --wait to wait for it`.
    public var description: String {
        switch reason {
        case .held:
            return "\(path): another planet build is running for this feeds.txt; try again later, "
                + "or pass --wait to wait for it"
        case .stoppedWaiting:
            return "\(path): stopped waiting for another planet build"
        case .cannotCreate(let detail):
            return "\(path): cannot create the lock file: \(detail)"
        case .cannotLock(let detail):
            return "\(path): cannot lock: \(detail)"
        }
    }
}
