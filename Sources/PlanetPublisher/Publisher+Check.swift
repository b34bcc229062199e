import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Publisher {
    /// Checks that the output may be replaced, before anything is fetched or written.
    ///
    /// Allowed: a path that does not exist, an empty folder, and a folder carrying `.planet-site`
    /// (written with every site). Refused: a plain file, any other folder — also one that merely
    /// holds an `index.html` and a `status.json`, which anything may — and a folder that is or
    /// contains a `guarded` place, or lies inside one that `refusesInside`. A site written before
    /// the marker existed gets it by emptying the folder once (or adding the empty file
    /// `.planet-site` by hand).
    /// - Returns: where the site goes: `outputURL` with symbolic links resolved (the link's target).
    /// - Throws: `PublishError` (`.isGuarded`, `.holdsGuarded`, `.insideGuarded`, `.notAFolder`,
    ///   `.notWrittenByPlanet`) naming the output as given.
    @discardableResult
    package func check() throws(PublishError) -> URL {
        let target = Self.resolve(outputURL)
        for guarded in guarded {
            let path = Self.resolve(guarded.url).path
            if target.path == "/" || path == target.path || path.hasPrefix(target.path + "/") {
                throw PublishError(
                    path: outputURL.path,
                    reason: path == target.path
                        ? .isGuarded(guarded.what)
                        : .holdsGuarded(guarded.what, path: guarded.url.path))
            }
            if guarded.refusesInside, target.path.hasPrefix(path == "/" ? "/" : path + "/") {
                throw PublishError(path: outputURL.path, reason: .insideGuarded(guarded.what, path: guarded.url.path))
            }
        }
        var status = stat()
        guard lstat(target.path, &status) == 0 else { return target }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw PublishError(path: outputURL.path, reason: .notAFolder)
        }
        let children = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
        if children.isEmpty || children.contains(Self.markerName) {
            return target
        }
        throw PublishError(path: outputURL.path, reason: .notWrittenByPlanet)
    }

    /// `url` with every symbolic link resolved, also when the last part does not exist (yet) or
    /// is a link to a place that does not exist.
    static func resolve(_ url: URL, depth: Int = 0) -> URL {
        let path = url.standardizedFileURL.path
        if let real = realpath(path, nil) {
            defer { free(real) }
            return URL(fileURLWithPath: String(cString: real))
        }
        guard depth < 40, path != "/" else { return URL(fileURLWithPath: path) }
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            let absolute =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : parent.appendingPathComponent(destination)
            return resolve(absolute, depth: depth + 1)
        }
        return resolve(parent, depth: depth + 1).appendingPathComponent(url.lastPathComponent)
    }
}
