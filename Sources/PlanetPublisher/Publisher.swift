import CGlibcExtras
import Foundation
import PlanetBase

#if canImport(Glibc)
    import Glibc
#endif

/// What ``Publisher/publish(files:staticFolder:)`` did: how many files it wrote and how many it
/// kept from the previous site (bytes and mtime unchanged).
package struct PublishOutcome: Sendable, Equatable {
    /// Files written anew.
    package var written: Int
    /// Files identical to the previous site's, kept as they were (hard links).
    package var kept: Int
}

/// Writes a site so that the output folder is replaced whole or not at all.
///
/// The site is written into a temporary sibling of the output folder (same file system), then
/// swapped in: with `renameat2(RENAME_EXCHANGE)` the old and new folders trade places in one
/// atomic step, then the old one is deleted. A build that fails or is killed before the swap
/// leaves the previous site untouched (and at most a `.NAME.tmp-*` folder beside it, removed by
/// the next build).
///
/// Because the old folder is deleted, planet only replaces a folder it wrote itself: every site
/// carries the marker file `.planet-site`, and an existing output must be an empty folder or carry
/// it (see `check()`). An output that is a symbolic link is resolved: the site replaces the link's
/// target and the link stays as it is.
package struct Publisher: Sendable {
    /// A folder or file the output must never replace or contain (feeds.txt's folder, the
    /// templates, the cache).
    package struct Guarded: Sendable, Equatable {
        /// What it is, in words: "feeds.txt's folder", "the templates", "the cache".
        package var what: String
        /// The guarded file or folder (file URL).
        package var url: URL
        /// True for a folder planet reads from (the templates, faces, Markdown pages): the output
        /// may not be inside it either, where the site would be read back on the next build.
        package var refusesInside: Bool

        /// Guards the file or folder at `url`, described in messages as `what`; with
        /// `refusesInside`, the folders inside it too.
        package init(_ what: String, _ url: URL, refusesInside: Bool = false) {
            self.what = what
            self.url = url
            self.refusesInside = refusesInside
        }
    }

    /// The marker file written into every published site: `.planet-site`.
    package static let markerName = ".planet-site"
    /// The marker's text (constant, so that output stays byte-identical between builds).
    static let markerText =
        "This folder is written by planet build, which replaces it whole on every build.\n"
        + "Files put here by hand are deleted by the next build.\n"

    /// The folder readers get, e.g. `output/` (may be a symbolic link to it).
    package var outputURL: URL
    /// Places the output may not be, nor contain.
    package var guarded: [Guarded]

    /// Creates a publisher for the output folder `outputURL` (standardized), guarding `guarded` (none by default).
    package init(outputURL: URL, guarding guarded: [Guarded] = []) {
        self.outputURL = outputURL.standardizedFileURL
        self.guarded = guarded
    }

    /// Publishes `files` (relative path → bytes), a copy of the folder `staticFolder` (if it
    /// exists) under `static/`, and the marker `.planet-site`.
    ///
    /// Folders are made 0755 and files 0644 (`folderMode`, `fileMode`), whatever the umask. A file
    /// whose bytes equal those of the same path in the current site is not rewritten: the new site
    /// gets a hard link to the old file, so its bytes and mtime stay and `rsync -a` transfers
    /// nothing for it (unless its mode is looser than 0644: `hasSiteMode`). When every file is
    /// unchanged and no file is gone, nothing at all is written and the folder is not swapped.
    /// - Returns: what was written (``PublishOutcome``).
    /// - Throws: `PublishError` when the output may not be replaced (`check()`), or naming the
    ///   folder that could not be written (`.cannotWrite`, `.cannotReplace`, `.cannotCreate`); the
    ///   old site stays.
    @discardableResult
    package func publish(files: [String: Data], staticFolder: URL?) throws(PublishError) -> PublishOutcome {
        try publish(try plan(files: files, staticFolder: staticFolder))
    }

    /// What publishing `files` would do, without writing anything: the files planned (with the
    /// static files and the marker), the current site's, and which are unchanged.
    package struct Plan: Sendable {
        /// The output folder, resolved (`check()`).
        package var target: URL
        /// Relative path → bytes of the site to publish.
        package var planned: [String: Data]
        /// Relative paths of the regular files of the site published now (their bytes are
        /// compared one file at a time and not kept: 10,000 feeds' site is 13 MB).
        package var current: Set<String>
        /// Paths whose bytes are the same in both.
        package var unchanged: Set<String>

        /// True when publishing would write nothing: every file the same and none gone.
        package var changesNothing: Bool { unchanged.count == planned.count && current.count == planned.count }
    }

    /// The plan of publishing `files` as `publish(files:staticFolder:)` does. Each file of the
    /// current site that is planned again is read and compared in turn, so at most one of them is
    /// in memory beside the planned site.
    /// - Throws: `PublishError` when the output may not be replaced (`check()`).
    package func plan(files: [String: Data], staticFolder: URL?) throws(PublishError) -> Plan {
        let target = try check()
        var planned = files
        planned[Self.markerName] = Data(Self.markerText.utf8)
        if let staticFolder {
            for (path, data) in Self.regularFiles(under: staticFolder, followingLinks: true) {
                planned["static/" + path] = data
            }
        }
        let current = Set(FileTree.regularFiles(under: target, followingLinks: false) ?? [])
        var unchanged = Set<String>()
        for (path, data) in planned where current.contains(path) {
            let old = FileManager.default.contents(atPath: target.appendingPathComponent(path).path)
            if old == data { unchanged.insert(path) }
        }
        return Plan(target: target, planned: planned, current: current, unchanged: unchanged)
    }

    /// Carries out `plan` (`publish(files:staticFolder:)`).
    /// - Throws: `PublishError` naming the folder that could not be written; the old site stays.
    @discardableResult
    package func publish(_ plan: Plan) throws(PublishError) -> PublishOutcome {
        let (target, planned, unchanged) = (plan.target, plan.planned, plan.unchanged)
        if plan.changesNothing { return PublishOutcome(written: 0, kept: unchanged.count) }
        let fileManager = FileManager.default
        let parent = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        removeLeftovers(in: parent, name: name)
        let staging = parent.appendingPathComponent(".\(name).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        var written = 0
        do throws(FileCreationError) {
            try FileCreation.folder(parent.path, mode: Self.folderMode)
            try? fileManager.removeItem(at: staging)
            try FileCreation.folder(staging.path, mode: Self.folderMode)
            for (path, data) in planned.sorted(by: { $0.key < $1.key }) {
                let file = staging.appendingPathComponent(path)
                try FileCreation.folder(file.deletingLastPathComponent().path, mode: Self.folderMode)
                let old = target.appendingPathComponent(path).path
                if unchanged.contains(path), Self.hasSiteMode(old), link(old, file.path) == 0 { continue }
                try FileCreation.file(file.path, contents: data, mode: Self.fileMode)
                written += 1
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw PublishError.writing(error, staging: staging.path)
        }
        try swap(staging, into: target)
        return PublishOutcome(written: written, kept: planned.count - written)
    }

    /// The mode of the site's folders (the output folder included): 0755, whatever the umask
    /// (`FileCreation`; a tighter umask narrows it). A web server reads them; nobody else writes.
    static let folderMode: mode_t = 0o755
    /// The mode of the site's files: 0644, as `folderMode`.
    static let fileMode: mode_t = 0o644

    /// Whether the file at `path` is no more open than `fileMode`: only then is an unchanged file
    /// linked into the new site. One an older planet wrote under a loose umask (0666) is written
    /// anew, once, with `fileMode`.
    static func hasSiteMode(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & 0o7777 & ~fileMode == 0
    }

    /// The regular files under `folder` (relative path → bytes); empty when the folder does not
    /// exist or cannot be read. `followingLinks` follows symbolic links inside it (an admin's
    /// static files and templates, `FileTree`); without it they are skipped (the output folder).
    package static func regularFiles(under folder: URL, followingLinks: Bool = false) -> [String: Data] {
        guard let paths = FileTree.regularFiles(under: folder, followingLinks: followingLinks) else { return [:] }
        var files: [String: Data] = [:]
        for path in paths {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
                continue
            }
            files[path] = data
        }
        return files
    }

    /// Moves `staging` to `output` atomically, deleting what was there.
    private func swap(_ staging: URL, into output: URL) throws(PublishError) {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: output.path) {
            guard renameat2(AT_FDCWD, staging.path, AT_FDCWD, output.path, planet_RENAME_EXCHANGE) == 0 else {
                let reason = String(cString: strerror(errno))
                try? fileManager.removeItem(at: staging)
                throw PublishError(path: output.path, reason: .cannotReplace(reason))
            }
            // `staging` now holds the previous site.
            try? fileManager.removeItem(at: staging)
        } else if rename(staging.path, output.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? fileManager.removeItem(at: staging)
            throw PublishError(path: output.path, reason: .cannotCreate(reason))
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
