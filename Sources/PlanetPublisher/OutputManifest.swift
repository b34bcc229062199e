import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Every entry of an output folder with its type, size, mtime (nanoseconds) and inode, one line
/// each in path order: what a build that changes nothing checks before it leaves the folder as
/// it is (`SiteRecord.manifest`). A file edited, replaced, added or removed by hand (or by
/// another program) since the last build changes it, and the next build writes the site again.
package enum OutputManifest {
    /// The manifest of `folder` (symbolic links not followed below it); "" when it cannot be read.
    package static func read(_ folder: URL) -> String {
        var root = stat()
        guard stat(folder.path, &root) == 0,
            let enumerator = FileManager.default.enumerator(atPath: folder.path)
        else { return "" }
        var lines = [".\td\t\(root.st_ino)"]
        while let path = enumerator.nextObject() as? String {
            var info = stat()
            guard lstat(folder.appendingPathComponent(path).path, &info) == 0 else { return "" }
            let kind: String
            switch info.st_mode & S_IFMT {
            case S_IFREG: kind = "f"
            case S_IFDIR: kind = "d"
            case S_IFLNK: kind = "l"
            default: kind = "o"
            }
            lines.append(
                "\(path)\t\(kind)\t\(info.st_size)\t\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\t\(info.st_ino)")
        }
        return lines.sorted().joined(separator: "\n")
    }
}
