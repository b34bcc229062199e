import Foundation
import PlanetSubscriptions

/// Where the files of a Planet 2.x or Venus theme are, found as the planet's runner found them.
///
/// Both runners opened relative paths against the folder they were started from (Planet 2.x:
/// `python planet.py examples/basic/config.ini` from the repository root, so `template_files =
/// examples/basic/index.html.tmpl`). That folder is not in the config, so the config's folder and
/// each folder above it are tried: the one under which most named files exist is taken, the
/// nearest on a tie. Venus also looks in `template_directories`, the theme folder and the config's
/// folder (planet/config.py), in that order.
struct ThemeFolders {
    /// The theme with the theme folder's own config.ini merged in.
    var theme: VenusTheme
    /// The folder relative paths are read against.
    var root: URL
    /// More folders a file is looked up in, after `root` (Venus).
    var directories: [URL] = []
    /// Which folders were used.
    var notes: [String] = []
    /// What was not found.
    var named: [String] = []

    /// The config's folder and each folder above it, nearest first.
    static func ancestors(of config: URL) -> [URL] {
        var folders: [URL] = []
        var folder = config.absoluteURL.standardizedFileURL.deletingLastPathComponent()
        while folders.count < 64 {
            folders.append(folder)
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { break }
            folder = parent
        }
        return folders
    }

    static func resolve(_ given: VenusTheme, config: URL) -> ThemeFolders {
        let candidates = ancestors(of: config)
        let configFolder = candidates[0]
        var theme = given
        var themeFolder: URL?
        var notes: [String] = []
        var named: [String] = []
        if let name = given.outputTheme {
            let tried =
                name.hasPrefix("/")
                ? [URL(fileURLWithPath: name)]
                : candidates.flatMap { [$0.appendingPathComponent(name), $0.appendingPathComponent("themes/" + name)] }
            themeFolder = tried.first { isFolder($0) }
            if let themeFolder {
                notes.append("output_theme = \(name): the theme folder \(themeFolder.path)")
                if let text = ThemeImport.text(themeFolder.appendingPathComponent("config.ini")) {
                    theme.merge(VenusTheme.parseThemeConfig(text))
                }
            } else {
                named.append(
                    "output_theme = \(name): no folder \(name) or themes/\(name) in \(configFolder.path) "
                        + "or a folder above it; copy the theme beside the config and import again")
            }
        }
        var folders = ThemeFolders(theme: theme, root: configFolder, notes: notes, named: named)
        let ownDirectories = themeFolder.map { folder in
            theme.themeDirectories.map { folder.appendingPathComponent($0).standardizedFileURL } + [folder]
        }
        var best = -1
        for candidate in candidates {
            var trial = folders
            trial.root = candidate
            trial.directories =
                given.templateDirectories.map { candidate.appendingPathComponent($0) } + (ownDirectories ?? [])
                + (given.isVenus ? [configFolder] : [])
            let found = (theme.templateFiles + theme.billOfMaterials).filter { trial.find($0) != nil }.count
            if found > best {
                best = found
                folders.root = candidate
                folders.directories = trial.directories
            }
        }
        if (theme.templateFiles + theme.billOfMaterials).contains(where: { !$0.hasPrefix("/") }) {
            let depth = candidates.firstIndex(of: folders.root) ?? 0
            let which =
                depth == 0
                ? "the config's folder"
                : depth == 1 ? "the folder above the config" : "\(depth) folders above the config"
            notes.append("template paths read from \(folders.root.path) (\(which), where most of them are)")
            folders.notes = notes
        }
        return folders
    }

    /// The file `name` names: absolute, under `root`, else in the first of `directories` that has it.
    func find(_ name: String) -> URL? {
        if name.hasPrefix("/") { return Self.isFile(URL(fileURLWithPath: name)) ? URL(fileURLWithPath: name) : nil }
        return ([root] + directories).map { $0.appendingPathComponent(name) }.first { Self.isFile($0) }
    }

    /// An included file: beside the template that includes it (htmltmpl), else as `find`.
    func findInclude(_ name: String, beside folder: URL) -> URL? {
        let beside = folder.appendingPathComponent(name)
        return Self.isFile(beside) ? beside : find(name)
    }

    /// Where `name` was looked for, for a message.
    func searched(_ name: String) -> String {
        if name.hasPrefix("/") { return "no such file" }
        return "looked in " + ([root] + directories).map(\.path).joined(separator: ", ")
    }

    /// Static files (by `extensions`) in the folders of the templates and their `images/` folder:
    /// their path in the site (`planet.css`, `images/logo.png`) and where they are.
    func staticFilesBesideTemplates(_ extensions: Set<String>) -> [(path: String, url: URL)] {
        var folders: [URL] = []
        for name in theme.templateFiles {
            if let file = find(name), !folders.contains(file.deletingLastPathComponent()) {
                folders.append(file.deletingLastPathComponent())
            }
        }
        var files: [(path: String, url: URL)] = []
        for folder in folders {
            for sub in ["", "images"] {
                let place = sub.isEmpty ? folder : folder.appendingPathComponent(sub)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: place.path)) ?? []
                for name in names.sorted() where extensions.contains((name as NSString).pathExtension.lowercased()) {
                    let url = place.appendingPathComponent(name)
                    if Self.isFile(url) { files.append((sub.isEmpty ? name : sub + "/" + name, url)) }
                }
            }
        }
        return files
    }

    static func isFile(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && !folder.boolValue
    }

    static func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }
}
