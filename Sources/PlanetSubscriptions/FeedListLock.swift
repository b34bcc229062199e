import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock (`flock(2)`, `LOCK_EX`) held around every edit of feeds.txt — `planet add`,
/// `remove`, `import` and `build --apply-redirects` — from reading the file to replacing it, so two
/// edits at once both land: the second reads what the first saved. Without it, 20 parallel
/// `planet add`s left 8 feeds, each having saved the list it read before the others saved.
///
/// The lock is on a hidden file beside feeds.txt (`.feeds.txt.lock`; beside the file a symbolic
/// link points at), not on feeds.txt itself, which an edit replaces by rename(2). The kernel
/// releases it when the descriptor closes, so a killed edit leaves no stale lock; the empty file
/// stays. Released when the value is deinitialized.
package final class FeedListLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The lock file of `file`: `.NAME.lock` in the folder of the file `file` resolves to.
    package static func lockURL(for file: URL) -> URL {
        let target = FeedList.resolvingLinks(file.absoluteURL)
        return target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).lock")
    }

    /// Takes the lock of `file`, waiting for another edit to finish (edits take milliseconds).
    /// - Throws: `FeedListError.unwritable` when the lock file cannot be created or locked.
    package static func acquire(for file: URL) throws(FeedListError) -> FeedListLock {
        let url = lockURL(for: file)
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FeedListError(
                .unwritable("cannot create the lock file '\(url.path)': \(String(cString: strerror(errno)))"),
                file: file)
        }
        while flock(descriptor, LOCK_EX) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            throw FeedListError(
                .unwritable("cannot lock '\(url.path)': \(String(cString: strerror(code)))"), file: file)
        }
        return FeedListLock(descriptor: descriptor)
    }
}

extension FeedList {
    /// Edits feeds.txt under `FeedListLock`: takes the lock, reads the file as it is now, lets
    /// `body` change the list, and saves it (only when `body` changed it) before the lock is let go.
    /// - Parameters:
    ///   - file: feeds.txt.
    ///   - creating: a missing file starts as an empty list (written as a new file).
    ///   - body: the edit; what it throws is rethrown, nothing saved.
    /// - Returns: what `body` returns.
    /// - Throws: `FeedListError` from reading, locking, `body` or saving.
    package static func edit<T>(
        _ file: URL, creating: Bool = false,
        _ body: (inout FeedList) throws(FeedListError) -> T
    ) throws(FeedListError) -> T {
        let lock = try FeedListLock.acquire(for: file)
        defer { withExtendedLifetime(lock) {} }
        var list: FeedList
        do {
            list = try load(file)
        } catch  where creating && error.reason == .missing {
            list = FeedList(file: file)
        }
        let before = list.serialized()
        let result = try body(&list)
        if list.serialized() != before || (creating && !FileManager.default.fileExists(atPath: file.path)) {
            try list.save()
        }
        return result
    }
}
