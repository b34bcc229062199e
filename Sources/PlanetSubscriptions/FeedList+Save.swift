import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension FeedList {
    /// Writes `serialized()` to `file` atomically: a temporary file in the same folder, then
    /// rename(2), so a reader sees the old or the new list, never half of one.
    ///
    /// When `file` is a symbolic link, the link stays and the file it points at is replaced (the
    /// temporary file is written beside that target). The replaced file keeps its permission
    /// bits; a new file gets 0644 minus the umask.
    /// - Throws: `.unwritable` with the system's reason; the old file is untouched.
    package func save() throws(FeedListError) {
        try Self.writeAtomically(Data(serialized().utf8), to: file)
    }

    /// Writes `data` to `url` (or to the file a symbolic link at `url` points at) through a
    /// temporary file beside it and a rename.
    /// - Throws: `FeedListError.unwritable` naming `url`.
    static func writeAtomically(_ data: Data, to url: URL) throws(FeedListError) {
        let target = resolvingLinks(url.absoluteURL)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        var existing = stat()
        let mode: mode_t? = stat(target.path, &existing) == 0 ? existing.st_mode & 0o7777 : nil
        if let reason = write(data, toNew: temporary.path, mode: mode) {
            unlink(temporary.path)
            throw FeedListError(.unwritable(reason), file: url)
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw FeedListError(.unwritable(reason), file: url)
        }
    }

    /// Follows symbolic links at `url` (a chain too, at most 40 as Linux's `MAXSYMLINKS`) to the
    /// file they name, which may not exist yet; a relative link resolves against its folder.
    static func resolvingLinks(_ url: URL) -> URL {
        var current = url
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path)
            else { return current }
            current =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        return current
    }

    /// Creates `path` (which must not exist) holding `data`, with `mode` or, when nil, 0644
    /// minus the umask (open(2) applies it). - Returns: the system's reason on failure, else nil.
    private static func write(_ data: Data, toNew path: String, mode: mode_t?) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        // An explicit mode is the replaced file's: set it whatever the umask.
        if let mode, fchmod(descriptor, mode) != 0 { return String(cString: strerror(errno)) }
        let failure: String? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
        if let failure { return failure }
        return fsync(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }
}
