import Foundation
import PlanetBase
import PlanetSite

extension ImportCommand {
    /// Writes a converted theme into `templates/` beside feeds.txt. Without that folder, the
    /// default templates are written first (as `planet init` does), so the pages the theme does not
    /// have (status.html, the archive pages) still render. A file already there is replaced when it
    /// is a default template unchanged (`planet init`'s copy); one the admin edited is kept, with a
    /// warning naming it.
    /// - Returns: what was written, for the confirmation line (`index.html, rss20.xml converted
    ///   into templates/`), empty when nothing was.
    static func writeTheme(_ theme: ThemeImport, beside feeds: URL, io: CommandIO, command: String) -> [String] {
        guard !theme.files.isEmpty else { return [] }
        let folder = feeds.absoluteURL.deletingLastPathComponent().appendingPathComponent(
            "templates", isDirectory: true)
        var files = theme.files.map { (path: $0.path, data: $0.data, isDefault: false) }
        if !FileManager.default.fileExists(atPath: folder.path) {
            let defaults = DefaultTemplates.files.keys.sorted().filter { path in !files.contains { $0.path == path } }
            files =
                defaults.map { (path: $0, data: Data((DefaultTemplates.files[$0] ?? "").utf8), isDefault: true) }
                + files
        }
        var templates: [String] = []
        var staticFiles = 0
        for file in files {
            let target = folder.appendingPathComponent(file.path)
            if let present = try? Data(contentsOf: target) {
                if present == file.data { continue }
                guard DefaultTemplates.files[file.path].map({ Data($0.utf8) }) == present else {
                    io.message(
                        "\(command): warning: templates/\(file.path) was edited and is kept; "
                            + "the theme's version was not written (move it away and import again)")
                    continue
                }
                try? FileManager.default.removeItem(at: target)
            }
            do throws(FileCreationError) {
                try FileCreation.folder(target.deletingLastPathComponent().path, mode: 0o755)
                try FileCreation.file(target.path, contents: file.data, mode: 0o644)
            } catch {
                io.message("\(command): warning: templates/\(file.path): cannot be written (\(error.detail))")
                continue
            }
            guard !file.isDefault else { continue }
            if file.path.hasPrefix(Site.rootFolderName + "/") {
                staticFiles += 1
            } else {
                templates.append(String(file.path.dropLast(".mustache".count)))
            }
        }
        var written: [String] = []
        if !templates.isEmpty { written.append("\(templates.joined(separator: ", ")) converted into templates/") }
        if staticFiles > 0 {
            written.append("\(staticFiles) static file\(staticFiles == 1 ? "" : "s") copied into templates/root/")
        }
        return written
    }
}
