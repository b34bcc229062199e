import CGlibcExtras
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a site so that the output folder is replaced whole or not at all.
///
/// The site is written into a temporary sibling of the output folder (same file system), then
/// swapped in: with `renameat2(RENAME_EXCHANGE)` the old and new folders trade places in one
/// atomic step, then the old one is deleted. A build that fails or is killed before the swap
/// leaves the previous site untouched (and at most a `.NAME.tmp-*` folder beside it, removed by
/// the next build).
public struct Publisher: Sendable {
    /// The folder readers get, e.g. `output/`.
    public var outputURL: URL

    public init(outputURL: URL) {
        self.outputURL = outputURL.standardizedFileURL
    }

    /// Publishes `files` (relative path → bytes) plus a copy of the folder `staticFolder` (if it
    /// exists) under `static/`.
    /// - Throws: `BuildError.write` naming the path that could not be written; the old site stays.
    public func publish(files: [String: Data], staticFolder: URL?) throws(BuildError) {
        let fileManager = FileManager.default
        let parent = outputURL.deletingLastPathComponent()
        let name = outputURL.lastPathComponent
        removeLeftovers(in: parent, name: name)
        let staging = parent.appendingPathComponent(".\(name).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            try? fileManager.removeItem(at: staging)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            if let staticFolder, fileManager.fileExists(atPath: staticFolder.path) {
                try fileManager.copyItem(at: staticFolder, to: staging.appendingPathComponent("static"))
            }
            for (path, data) in files.sorted(by: { $0.key < $1.key }) {
                let target = staging.appendingPathComponent(path)
                try fileManager.createDirectory(at: target.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
                try data.write(to: target)
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw BuildError(.write("\(staging.path): cannot write the site: \(error.localizedDescription); check that the folder is writable"))
        }
        try swap(staging, into: outputURL)
    }

    /// Moves `staging` to `output` atomically, deleting what was there.
    private func swap(_ staging: URL, into output: URL) throws(BuildError) {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: output.path) {
            guard renameat2(AT_FDCWD, staging.path, AT_FDCWD, output.path, planet_RENAME_EXCHANGE) == 0 else {
                let reason = String(cString: strerror(errno))
                try? fileManager.removeItem(at: staging)
                throw BuildError(.write("\(output.path): cannot replace the site: \(reason)"))
            }
            // `staging` now holds the previous site.
            try? fileManager.removeItem(at: staging)
        } else if rename(staging.path, output.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? fileManager.removeItem(at: staging)
            throw BuildError(.write("\(output.path): cannot create the site: \(reason)"))
        }
    }

    /// Removes staging folders that a killed build left beside the output.
    private func removeLeftovers(in parent: URL, name: String) {
        let fileManager = FileManager.default
        guard let children = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        for child in children where child.hasPrefix(".\(name).tmp-") {
            try? fileManager.removeItem(at: parent.appendingPathComponent(child))
        }
    }
}
