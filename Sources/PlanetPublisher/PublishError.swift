import PlanetBase

/// Why the site could not be published: the output folder may not be replaced, or writing it failed.
/// The previous site is then left as it was.
public struct PublishError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The output is a guarded place (`Publisher.Guarded`), described as given (`feeds.txt's folder`).
        case isGuarded(String)
        /// The output holds a guarded place: its description and path.
        case holdsGuarded(String, path: String)
        /// The output is inside a guarded folder planet reads from: its description and path.
        case insideGuarded(String, path: String)
        /// The output exists and is not a folder.
        case notAFolder
        /// The output is a folder that holds files but no `.planet-site` marker.
        case notWrittenByPlanet
        /// A file of the new site could not be written into the staging folder; the system's reason.
        case cannotWrite(String)
        /// The disk (or quota) filled while the new site was written (`ENOSPC`, `EDQUOT`); the
        /// system's reason.
        case diskFull(String)
        /// The atomic swap of the staging folder and the old site failed; `strerror`.
        case cannotReplace(String)
        /// The staging folder could not be renamed to the output (there was no old site); `strerror`.
        case cannotCreate(String)
    }

    /// The folder the error is about: the output as given (`check()`), the staging folder
    /// (`cannotWrite`), or the output with links resolved (`cannotReplace`, `cannotCreate`).
    public var path: String
    /// What went wrong.
    public var reason: Reason

    /// Creates an error about the folder at `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// `'/srv/www': exists and was not written by planet (no .planet-site); choose another --output
    /// or empty it`: the path first, then what to do.
    public var description: String {
        let place = "'\(path)'"
        switch reason {
        case .isGuarded(let what):
            return "\(place): is \(what), which the site would replace; choose another --output"
        case .holdsGuarded(let what, let guardedPath):
            return "\(place): holds \(what) ('\(guardedPath)'), which the site would replace; "
                + "choose another --output"
        case .insideGuarded(let what, let guardedPath):
            return "\(place): is inside \(what) ('\(guardedPath)'), which planet reads from; choose another --output"
        case .notAFolder:
            return "\(place): exists and is not a folder; choose another --output"
        case .notWrittenByPlanet:
            return "\(place): exists and was not written by planet (no \(Publisher.markerName)); "
                + "choose another --output or empty it"
        case .cannotWrite(let detail):
            return "\(path): cannot write the site: \(detail); check that the folder is writable"
        case .diskFull(let detail):
            return "\(path): cannot write the site: the disk is full (\(detail)); free some space "
                + "(docs/SCALING.md says how much a build needs); the last site is kept"
        case .cannotReplace(let detail):
            return "\(path): cannot replace the site: \(detail)"
        case .cannotCreate(let detail):
            return "\(path): cannot create the site: \(detail)"
        }
    }
}

extension PublishError {
    /// The error of a file of the new site that could not be written into `staging`: `.diskFull`
    /// when the disk is (`FileCreationError.isDiskFull`), else `.cannotWrite`.
    static func writing(_ error: FileCreationError, staging: String) -> PublishError {
        PublishError(
            path: staging, reason: error.isDiskFull ? .diskFull(error.description) : .cannotWrite(error.description))
    }
}
