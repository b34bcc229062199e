import Foundation
import TestSupport
import Testing

@testable import Planet

/// The cron lock: one build at a time, and a lock released a moment ago is not "another build".
@Suite("BuildLock")
struct BuildLockTests {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("planet-lock-\(UUID().uuidString)/.planet/lock")

    @Test("a lock held throughout is refused as held after the grace period")
    func heldLockIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let held = try await BuildLock.acquire(url, wait: false)
        let error = try await withDeadline { () -> LockError? in
            do throws(LockError) {
                _ = try await BuildLock.acquire(url, wait: false)
                return nil
            } catch { return error }
        }
        #expect(error?.reason == .held)
        #expect(
            error?.description == "\(url.path): another planet build is running for this feeds.txt; "
                + "try again later, or pass --wait to wait for it")
        withExtendedLifetime(held) {}
    }

    @Test("a lock released within the grace period is taken, not refused")
    func lockReleasedDuringGraceIsTaken() async throws {
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        var held: BuildLock? = try await BuildLock.acquire(url, wait: false)
        #expect(held != nil)
        // A long grace, so that the test does not depend on how soon a loaded machine runs it.
        let second = Task { try await BuildLock.acquire(url, wait: false, grace: .seconds(Deadline.standard)) }
        try await Task.sleep(for: .milliseconds(30))
        held = nil  // released while the second is still inside its grace period
        let taken = try await withDeadline { try await second.value }
        #expect(taken.url == url)
    }

    @Test("under umask 000 the lock's new folder is 0700 and the lock file 0600")
    func looseUmaskMakesAPrivateLock() async {
        // The umask is the process's: set in a child process (an exit test), not in this one.
        await #expect(processExitsWith: .success) {
            Deadline.armExitTest()
            umask(0)
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("planet-lock-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let url = root.appendingPathComponent(".planet/lock")
            let lock = try await BuildLock.acquire(url, wait: false)
            var folder = stat()
            var file = stat()
            guard stat(url.deletingLastPathComponent().path, &folder) == 0, stat(url.path, &file) == 0,
                folder.st_mode & 0o7777 == 0o700, file.st_mode & 0o7777 == 0o600
            else { exit(1) }
            withExtendedLifetime(lock) {}
        }
    }
}
