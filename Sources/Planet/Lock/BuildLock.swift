import Foundation
import PlanetBase

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on a file (`flock(2)`, `LOCK_EX`), held while a build runs so that two
/// overlapping cron runs never write the cache and the output at the same time.
///
/// The kernel releases a `flock` when its descriptor is closed, so a build that crashes or is
/// killed never leaves a stale lock behind; the file itself stays (it is empty and harmless).
/// Released when the value is deinitialized.
package final class BuildLock: Sendable {
    /// The lock file, e.g. `.planet/lock`.
    package let url: URL
    private let descriptor: Int32

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// How long a lock that is held is retried before the build stops, without `wait`: a lock just
    /// released can stay held for a moment by a process being started (between `fork` and `exec`
    /// the child shares the descriptor, `O_CLOEXEC` or not), which must not read as another build.
    package static let grace: Duration = .milliseconds(300)

    /// Takes the lock at `url`, creating the file (mode 0600) and its folder (0700) when missing.
    /// - Parameter wait: when another process holds the lock, wait for it (polling every 100 ms)
    ///   instead of stopping after ``grace``.
    /// - Throws: `LockError` `.held` when the lock is held and `wait` is false, `.stoppedWaiting`
    ///   when the wait is cancelled, `.cannotCreate` when the lock file cannot be created.
    /// - Parameter grace: how long a held lock is retried without `wait` (``grace`` by default).
    package static func acquire(_ url: URL, wait: Bool, grace: Duration = grace) async throws(LockError) -> BuildLock {
        // Its owner's only, whatever the umask (`FileCreation`): the folder (`.planet/`, which also
        // holds the cache) 0700, the file 0600, so no other user can hold the lock. A failure
        // to make the folder shows as the file's.
        try? FileCreation.folder(url.deletingLastPathComponent().path, mode: 0o700)
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw LockError(path: url.path, reason: .cannotCreate(reason))
        }
        let giveUp = ContinuousClock.now + grace
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(descriptor)
                throw LockError(path: url.path, reason: .cannotLock(String(cString: strerror(code))))
            }
            if code == EINTR { continue }
            guard wait || ContinuousClock.now < giveUp else {
                close(descriptor)
                throw LockError(path: url.path, reason: .held)
            }
            do {
                try await Task.sleep(for: .milliseconds(wait ? 100 : 20))
            } catch {
                close(descriptor)
                throw LockError(path: url.path, reason: .stoppedWaiting)
            }
        }
        return BuildLock(url: url, descriptor: descriptor)
    }
}
