import Foundation
import Planet
import PlanetBase
import PlanetSubscriptions

/// `planet init [DIR]`: starts a new planet: feeds.txt with settings and two example feeds, the
/// default templates (`DefaultTemplates`) and an example about page.
enum InitCommand: Subcommand {
    static let spec = CommandSpec(
        name: "init",
        summary: "start a new planet in a folder",
        arguments: [.init(name: "DIR", help: "Folder of the new planet (created when missing).", isOptional: true)],
        discussion: "Writes feeds.txt, pages/about.md (Markdown pages become pages of the site) and "
            + "templates/ (the default templates, static/ assets and their README).\n"
            + "Refuses to touch a folder that already has any of them.")

    /// The feeds.txt of a new planet.
    static let feedsTemplate = """
        # planet subscription list (see the README of planet)
        # settings: "key = value" lines before the first feed
        \(FeedList.placeholderSettings.map { "\($0.key) = \($0.value)" }.joined(separator: "\n"))
        # dates in your language: "locale = de-DE" (and date_format, time_format); older entries
        # go to page/2.html ... ("archive_pages = 4", 0 for none): see the README, Settings

        # one feed per line: the feed's URL (or a file path), then an optional display name;
        # indented "key = value" lines under a feed are its settings, e.g.
        #   https://blog.example.org/feed.xml   Jane Doe
        #       face = jane.png
        #       include = category:python
        https://www.swift.org/atom.xml                 Swift.org
        https://planet.debian.org/rss20.xml            Planet Debian

        """

    /// The example about page: `pages/about.md`, which `planet build` renders into the site's
    /// layout as `about.html` (the `pages/` folder beside feeds.txt, see `SitePages`).
    static let aboutTemplate = """
        # About this planet

        This planet gathers the posts of the blogs listed in `feeds.txt` into one page, newest
        first, with an [RSS](rss.xml) and an [Atom](atom.xml) feed of its own and the list of
        subscriptions as [OPML](opml.xml).

        To suggest a blog, write to the owner of this planet.

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        let typed = arguments.positional(0)
        let folder = io.fileURL(typed ?? ".", isDirectory: true)
        let shown = typed.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
        var files: [(path: String, text: String)] = [("feeds.txt", feedsTemplate), ("pages/about.md", aboutTemplate)]
        files += DefaultTemplates.files.keys.sorted().map { ("templates/" + $0, DefaultTemplates.files[$0] ?? "") }
        if let present = files.first(where: { exists(folder, $0.path) }) {
            io.message("\(arguments.command): \(shown)\(present.path) already exists; nothing was changed")
            return ExitStatus.usage
        }
        var written: [URL] = []
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            // Folders 0755 and files 0644 whatever the umask (`FileCreation`): the templates make
            // the public site, and under `umask 000` they were world-writable.
            do throws(FileCreationError) {
                try FileCreation.folder(url.deletingLastPathComponent().path, mode: 0o755)
                try FileCreation.file(url.path, contents: Data(file.text.utf8), mode: 0o644)
                written.append(url)
            } catch {
                // Leave no half planet behind: what this run wrote goes again (folders stay).
                for url in written { try? FileManager.default.removeItem(at: url) }
                io.message(
                    "\(arguments.command): \(shown)\(file.path): cannot be written "
                        + "(\(error.detail)); nothing was changed")
                return ExitStatus.usage
            }
        }
        io.confirm(
            "created \(shown)feeds.txt, \(shown)pages/about.md and \(shown)templates/ "
                + "(\(DefaultTemplates.files.count) files); edit them, then run 'planet build'")
        return ExitStatus.success
    }

    private static func exists(_ folder: URL, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }
}
