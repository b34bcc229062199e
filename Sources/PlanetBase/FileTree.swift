import Foundation

/// The regular files under a folder, by path relative to it (`/` separated), for the folders a
/// planet's admin fills (templates, static files): symbolic links to files and to folders are
/// followed, as a shell or a web server would, so a theme kept elsewhere and linked in is read
/// like one copied in. A folder reached twice through links (a loop) is read once; at most 64
/// levels deep.
package enum FileTree {
    /// Relative paths of the regular files under `folder`, sorted; nil when `folder` (after its
    /// links) is not a readable folder. With `followingLinks` false, links are skipped (the
    /// output folder, which holds only what planet wrote).
    package static func regularFiles(under folder: URL, followingLinks: Bool = true) -> [String]? {
        let root = followingLinks ? folder.resolvingSymlinksInPath().path : folder.path
        guard isFolder(root) else { return nil }
        var visited: Set<String> = [URL(fileURLWithPath: root).resolvingSymlinksInPath().path]
        var paths: [String] = []
        walk(root, relative: "", depth: 0, followingLinks: followingLinks, visited: &visited, into: &paths)
        return paths.sorted()
    }

    private static func walk(
        _ folder: String, relative: String, depth: Int, followingLinks: Bool,
        visited: inout Set<String>, into paths: inout [String]
    ) {
        guard depth < 64, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            let path = folder + "/" + name
            let shown = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            var type = info.st_mode & S_IFMT
            if type == S_IFLNK {
                guard followingLinks, stat(path, &info) == 0 else { continue }
                type = info.st_mode & S_IFMT
            }
            if type == S_IFREG {
                paths.append(shown)
            } else if type == S_IFDIR {
                let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                guard visited.insert(real).inserted else { continue }
                walk(
                    path, relative: shown, depth: depth + 1, followingLinks: followingLinks,
                    visited: &visited, into: &paths)
            }
        }
    }

    /// True when `path` is a folder, or a link to one.
    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFDIR
    }
}
