import Foundation

/// The Markdown pages of a planet: every `*.md` file of the `pages/` folder beside feeds.txt.
///
/// `intro.md` is not a page of its own: its HTML is shown on the index above the river. The
/// others become `NAME.html` in the same layout as the index (`templates/_page.html.mustache`).
package struct SitePages: Sendable, Equatable {
    /// The pages, sorted by name; `intro` is not among them.
    package var pages: [SitePage]
    /// HTML of `intro.md`, nil when there is none.
    package var intro: String?

    /// Creates the pages with the given fields; no pages and no intro by default.
    package init(pages: [SitePage] = [], intro: String? = nil) {
        self.pages = pages
        self.intro = intro
    }

    /// The pages folder of a planet: `pages/` in the folder of its feeds.txt.
    package static func folder(forConfig configURL: URL) -> URL {
        configURL.deletingLastPathComponent().appendingPathComponent("pages", isDirectory: true)
    }

    /// Renders Markdown sources given by page name (`"about"`, `"intro"`).
    /// - Throws: `SiteError.invalidPageName` for a name that is not letters, digits, `-`, `_`, `.`.
    package init(markdown sources: [String: String]) throws(SiteError) {
        var pages: [SitePage] = []
        var intro: String?
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            guard Self.isValidName(name) else {
                throw SiteError(.invalidPageName(name))
            }
            if name == "intro" {
                intro = CommonMark.render(text).html
            } else {
                pages.append(SitePage(name: name, markdown: text))
            }
        }
        self.init(pages: pages, intro: intro)
    }

    /// Reads every `*.md` file directly in `folder` (hidden files skipped); no folder, no pages.
    /// - Throws: `SiteError.unreadablePages` naming the folder when a file cannot be read as
    ///   UTF-8, `.invalidPageName` naming the file when it has a name that cannot be a page.
    package static func load(folder: URL) throws(SiteError) -> SitePages {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return SitePages()
        }
        var sources: [String: String] = [:]
        do {
            for file in try manager.contentsOfDirectory(atPath: folder.path)
            where file.hasSuffix(".md") && !file.hasPrefix(".") {
                sources[String(file.dropLast(3))] = try String(
                    contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            }
        } catch {
            throw SiteError(.unreadablePages(folder: folder.path, detail: error.localizedDescription))
        }
        return try SitePages(markdown: sources)
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first != ".", first != "_" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }
}
