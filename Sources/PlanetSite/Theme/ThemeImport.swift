import Foundation
import Mustache
import PlanetSubscriptions

/// A Planet 2.x or Planet Venus theme made into files of planet's templates folder: each htmltmpl
/// template converted (`HTMLTemplateConverter`) under its output file's name (`rss20.xml.tmpl` →
/// `rss20.xml.mustache`, so readers' subscriptions keep their URL), each static file copied into
/// `root/` (published at the site's top level, `Site.rootFiles`).
///
/// Relative paths are resolved as the planet's runner did, against the folder it was started
/// from (`ThemeFolders`): the config's folder or one of its parents, the one under which most of
/// the named files exist (the nearest on a tie); `notes` says which. A Venus `output_theme` is
/// that folder, or `themes/NAME` under it, and its own `config.ini` is merged as Venus merges it
/// (planet/config.py): its `template_files` unless the planet names its own, both
/// `bill_of_materials`, its `template_directories` (relative to the theme) searched too.
/// Planet 2.x names no static files: the stylesheets, scripts, icons and images beside its
/// templates (and in their `images/` folder) are copied.
package struct ThemeImport: Sendable, Equatable {
    /// A file to write: its path under the templates folder (`rss20.xml.mustache`,
    /// `root/planet.css`) and its bytes.
    package struct File: Sendable, Equatable {
        /// `/`-separated, relative to the templates folder.
        package var path: String
        /// The bytes to write.
        package var data: Data

        /// A file of `data` at `path` under the templates folder.
        package init(path: String, data: Data) {
            self.path = path
            self.data = data
        }
    }

    /// The files, templates first, in the order the config names them.
    package var files: [File] = []
    /// How paths were read: the folder they were resolved against, the theme folder used.
    package var notes: [String] = []
    /// What could not come over: files not found, templates that are not htmltmpl, variables
    /// planet cannot fill, statements it leaves out. Each names its file.
    package var named: [String] = []

    /// An empty import: no theme.
    package init() {}

    /// File extensions of static files beside a Planet 2.x theme's templates.
    static let staticExtensions: Set<String> = ["css", "js", "ico", "png", "gif", "jpg", "jpeg", "svg", "webp"]

    /// Template kinds named, never converted (Venus docs/templates.html: XSLT, Django, Genshi).
    static let otherKinds: [(suffix: String, kind: String)] = [
        (".xslt", "an XSLT template"), (".dj", "a Django template"), (".django", "a Django template"),
        (".genshi", "a Genshi template")
    ]

    /// Reads the theme `theme` of the config at `config` (a file URL).
    /// - Parameter settings: the planet's per-feed setting keys (`channel_KEY` in templates).
    package static func read(_ theme: VenusTheme, config: URL, settings: Set<String>) -> ThemeImport {
        var result = ThemeImport()
        guard !theme.isEmpty else { return result }
        let folders = ThemeFolders.resolve(theme, config: config)
        result.notes = folders.notes
        result.named = folders.named
        var converted = Set<String>()
        for name in folders.theme.templateFiles {
            guard let file = folders.find(name) else {
                result.named.append("template \(name): not found (\(folders.searched(name)))")
                continue
            }
            result.template(file, as: name, folders: folders, settings: settings, converted: &converted)
        }
        var copied = Set<String>()
        for name in folders.theme.billOfMaterials {
            guard let file = folders.find(name), let data = try? Data(contentsOf: file) else {
                result.named.append("bill_of_materials \(name): not found (\(folders.searched(name)))")
                continue
            }
            result.copy(data, to: outputPath(name), copied: &copied)
        }
        if !folders.theme.isVenus {
            for file in folders.staticFilesBesideTemplates(staticExtensions) {
                if let data = try? Data(contentsOf: file.url) { result.copy(data, to: file.path, copied: &copied) }
            }
        }
        return result
    }

    /// Converts one template file (or names it when it is not htmltmpl).
    private mutating func template(
        _ file: URL, as name: String, folders: ThemeFolders, settings: Set<String>, converted: inout Set<String>
    ) {
        let base = file.lastPathComponent
        guard base.hasSuffix(".tmpl"), base.count > ".tmpl".count else {
            let kind = Self.otherKinds.first { base.hasSuffix($0.suffix) }?.kind ?? "not an htmltmpl (.tmpl) template"
            named.append("template \(name): \(kind), not converted; write its Mustache version in templates/ by hand")
            return
        }
        let output = String(base.dropLast(".tmpl".count))
        guard converted.insert(output).inserted else { return }
        guard let text = Self.text(file) else {
            named.append("template \(name): cannot be read")
            return
        }
        let folder = file.deletingLastPathComponent()
        do {
            let result = try HTMLTemplateConverter.convert(text, file: base, settings: settings) { include in
                folders.findInclude(include, beside: folder).flatMap(Self.text)
            }
            // What the converter writes must compile, or the first build would stop on it.
            do {
                _ = try Template(result.mustache, name: output)
            } catch {
                named.append("template \(name): its conversion does not compile (\(error)); not written")
                return
            }
            files.append(File(path: output + ".mustache", data: Data(result.mustache.utf8)))
            if !result.unfilled.isEmpty {
                named.append("\(base): variables planet cannot fill: \(result.unfilled.joined(separator: ", "))")
            }
            for skipped in result.skipped { named.append("\(base): left out: \(skipped)") }
        } catch {
            named.append("template \(name): \(error.description)")
        }
    }

    private mutating func copy(_ data: Data, to path: String, copied: inout Set<String>) {
        guard copied.insert(path).inserted else { return }
        files.append(File(path: Site.rootFolderName + "/" + path, data: data))
    }

    /// The folders a Planet 2.x or Venus runner may have been started from: the config's folder
    /// and each folder above it, nearest first (`ThemeFolders`).
    package static func runnerFolders(of config: URL) -> [URL] { ThemeFolders.ancestors(of: config) }

    /// Where a static file named `name` goes in the site: its path as written when it stays inside
    /// (`images/logo.png`), else its file name.
    static func outputPath(_ name: String) -> String {
        let parts = name.split(separator: "/")
        if name.hasPrefix("/") || parts.contains("..") || parts.contains(".") {
            return String(parts.last ?? Substring(name))
        }
        return name
    }

    /// A template's text: UTF-8, else Latin-1 (htmltmpl read bytes; old themes are often Latin-1).
    static func text(_ file: URL) -> String? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1)
    }
}
