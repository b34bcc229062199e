import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Folders and files created with an explicit mode, so that what planet makes is never more open
/// than asked, whatever the umask it runs under: `mkdir(2)` and `open(2)` take the mode given here
/// and the umask can only take bits away (POSIX.1-2017, `umask`). Under `umask 000` (some cron
/// setups), Foundation's defaults made world-writable folders (0777) and files (0666).
///
/// The modes planet asks for (README.md, "Files planet reads and writes"): the `.planet/` folder
/// 0700 and the cache and lock files 0600 (the cache holds feed URLs with their credentials); the
/// site (output folder, `planet init`'s files) 0755 for folders and 0644 for files.
package enum FileCreation {
    /// Creates the folder at `path` with `mode`, and each missing folder above it with the same
    /// mode (as `mkdir -p -m`); a folder that exists is left as it is, mode included.
    /// - Throws: `FileCreationError` `.cannotCreateFolder` naming the folder that could not be
    ///   made (one that exists as a file included).
    package static func folder(_ path: String, mode: mode_t) throws(FileCreationError) {
        guard !path.isEmpty else { return }
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw FileCreationError(path: path, reason: .cannotCreateFolder("it exists and is not a folder"))
            }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try folder(parent, mode: mode) }
        // EEXIST: another process made it meanwhile; `stat` above says whether it is a folder.
        guard mkdir(path, mode) == 0 || errno == EEXIST else {
            throw FileCreationError(
                path: path, reason: .cannotCreateFolder(String(cString: strerror(errno))), errorNumber: errno)
        }
    }

    /// Writes `contents` to a new file at `path` made with `mode` (`O_CREAT | O_EXCL`: a file
    /// already there is an error and is left untouched). A file half written (a full disk) is
    /// removed.
    /// - Throws: `FileCreationError` `.cannotWrite` with the system's reason (`strerror`).
    package static func file(_ path: String, contents: Data, mode: mode_t) throws(FileCreationError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw FileCreationError(
                path: path, reason: .cannotWrite(String(cString: strerror(errno))), errorNumber: errno)
        }
        var failure: Int32 = 0
        contents.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(path)
            throw FileCreationError(
                path: path, reason: .cannotWrite(String(cString: strerror(failure))), errorNumber: failure)
        }
    }
}
