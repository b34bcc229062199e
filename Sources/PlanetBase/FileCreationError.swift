import Foundation

/// Why `FileCreation` could not make a folder or a file.
package struct FileCreationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    package enum Reason: Sendable, Equatable {
        /// The folder could not be created; carries the system's reason (`strerror`).
        case cannotCreateFolder(String)
        /// The file could not be created or written; carries the system's reason (`strerror`).
        case cannotWrite(String)
    }

    /// The folder or file.
    package var path: String
    /// What went wrong.
    package var reason: Reason

    /// The system's error number (`errno`), 0 when there was none.
    package var errorNumber: Int32

    /// Creates an error about `path`, with the system's error number when there is one.
    package init(path: String, reason: Reason, errorNumber: Int32 = 0) {
        self.path = path
        self.reason = reason
        self.errorNumber = errorNumber
    }

    /// True when the disk (or the user's quota) is full: `ENOSPC`, `EDQUOT`.
    package var isDiskFull: Bool { errorNumber == ENOSPC || errorNumber == EDQUOT }

    /// The system's reason alone, e.g. `Permission denied`.
    package var detail: String {
        switch reason {
        case .cannotCreateFolder(let detail), .cannotWrite(let detail): return detail
        }
    }

    /// `'PATH': cannot create the folder: Permission denied`.
    package var description: String {
        switch reason {
        case .cannotCreateFolder(let detail): return "'\(path)': cannot create the folder: \(detail)"
        case .cannotWrite(let detail): return "'\(path)': cannot be written: \(detail)"
        }
    }
}
