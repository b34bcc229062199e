import FeedParser
import Foundation
import Planet
import PlanetBase
import PlanetSite
import PlanetSubscriptions

/// `planet import FILE`: adds the feeds of an OPML subscription list or of a Planet Venus
/// config.ini to feeds.txt; feeds already listed are skipped.
enum ImportCommand: Subcommand {
    static let allowFiles = CommandSpec.Option(
        name: "allow-files",
        help: "Also import feeds that are local files (file:// URLs, paths).")

    static let spec = CommandSpec(
        name: "import",
        summary: "add the feeds of an OPML file or a Venus config.ini",
        arguments: [.init(name: "FILE", help: "An OPML 1.0/2.0 file, or a Planet Venus config.ini.")],
        options: [FeedsFile.config, allowFiles],
        discussion: "OPML: every outline with an xmlUrl, at any depth; its title (else text) is the name, "
            + "and the folders it sat in become a comment above it.\n"
            + "config.ini (Planet Venus, Planet 2.x): one [URL] section per feed with its name and settings "
            + "(face, facewidth/faceheight, filters, ignore_in_feed = updated, any other key as is; [DEFAULT] "
            + "applies to each); content_type = opml makes a reading list; the [Planet] settings name, link, "
            + "owner_name, owner_email, items_per_page, days_per_page, new_feed_items, activity_threshold, "
            + "facewidth, faceheight and filters are copied when feeds.txt does not set them or still has the "
            + "placeholder 'planet init' wrote. Faces named in the config are copied into faces/ beside "
            + "feeds.txt from beside the config or its images/ folder. Every option that cannot be carried "
            + "over is listed on stderr, once, with its section.\n"
            + "The theme (template_files, or Venus's output_theme with its config.ini and bill_of_materials) "
            + "is converted from htmltmpl into templates/ beside feeds.txt, each file under its old name "
            + "(rss20.xml stays rss20.xml), its static files into templates/root/; relative paths are read "
            + "from the config's folder or the folder above it where most of them are (a note says which); "
            + "what is not converted is named on 'theme:' lines.\n"
            + "Feeds that are local files (file://, /dev/zero, ~/.ssh/…) are skipped with a warning "
            + "unless --allow-files: a list from elsewhere should not make the build read this machine's files.\n"
            + "Without feeds.txt, a new one is written.")

    /// What the file gave: the list to merge into feeds.txt (`FeedList.merge`), and what the
    /// command itself reports or copies.
    struct Source {
        /// Feeds (each with its group: OPML folders, `Tech / Swift`, or nil), settings, reading lists.
        var list: ImportedList
        /// Face files named by the config, found beside it.
        var faces: [(name: String, file: URL)] = []
        /// Face files named by the config that were not found.
        var missingFaces: [String] = []
        /// Options that could not be carried over, with their section.
        var ignored: [String] = []
        /// How settings whose meaning differs between Venus and Planet 2.x were read.
        var notes: [String] = []
        /// The config's theme converted (`ThemeImport`), written into templates/.
        var theme = ThemeImport()
    }

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        let file = io.fileURL(arguments.positionals[0])
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            io.message("\(arguments.command): \(file.relativePath): cannot be read (\(FeedsFile.reason(error)))")
            return ExitStatus.usage
        }
        let created = !FileManager.default.fileExists(atPath: FeedsFile.url(arguments, io: io).path)
        guard let list = FeedsFile.load(arguments, io: io, creating: true) else { return ExitStatus.usage }
        let isXML =
            data.drop(while: { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }).first == UInt8(ascii: "<")
        var source: Source
        do {
            source =
                isXML
                ? try opml(data, file: file, io: io, command: arguments.command)
                : try venus(data, file: file)
        } catch {
            io.message("\(arguments.command): \(error.message)")
            return ExitStatus.usage
        }
        if !arguments.flag(allowFiles) {
            source.list.feeds = localFilesSkipped(source.list.feeds, file: file, io: io, command: arguments.command)
        }
        for note in source.notes + source.theme.notes { io.message("\(arguments.command): note: \(note)") }
        for named in source.theme.named { io.message("\(arguments.command): theme: \(named)") }
        if !source.ignored.isEmpty {
            io.message("\(arguments.command): ignored: \(source.ignored.joined(separator: ", "))")
        }
        for name in source.missingFaces {
            io.message(
                "\(arguments.command): warning: face '\(name)' not found beside \(file.relativePath) "
                    + "or in its images/ folder (or output_dir/images/); "
                    + "put it in faces/ beside \(list.file.relativePath)")
        }
        // Under the lock, against feeds.txt as it is now.
        guard let summary = FeedsFile.edit(arguments, io: io, creating: true, { $0.merge(source.list) })
        else { return ExitStatus.usage }
        copyFaces(source.faces, beside: list.file, io: io, command: arguments.command)
        let written = writeTheme(source.theme, beside: list.file, io: io, command: arguments.command)
        let settingsSet = summary.settings.isEmpty ? "" : "; settings set: \(summary.settings.joined(separator: ", "))"
        let themeWritten = written.isEmpty ? "" : "; theme: \(written.joined(separator: ", "))"
        io.confirm(
            "imported \(summary.added) feed\(summary.added == 1 ? "" : "s") from \(file.relativePath) "
                + (created ? "into the new \(list.file.relativePath) " : "")
                + "(\(summary.skipped) already listed)" + settingsSet + themeWritten)
        return ExitStatus.success
    }

    private struct Failure: Error {
        var message: String
    }

    /// True when `text` has no scheme and does not start with a host name followed by a path:
    /// `feed.xml`, `feeds/a.xml` (RFC 3986 §4.2 relative references), but not
    /// `forums.swift.org/latest.rss`; nor local paths (`/dev/zero`, `~/x`, `./x`), which the
    /// local-file rule (`--allow-files`) decides.
    static func isRelativeReference(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if hasScheme(trimmed) { return false }
        if trimmed.hasPrefix("/") || trimmed.hasPrefix("~") || trimmed.hasPrefix(".") { return false }
        guard let slash = trimmed.firstIndex(of: "/") else { return true }
        return !trimmed[..<slash].contains(".")
    }

    /// True when `text` starts with a URI scheme and ':' (`URLScheme.of`, RFC 3986 §3.1), e.g.
    /// `https:`, `file:`; a Windows drive letter (`C:`, a one-letter scheme) is not one.
    static func hasScheme(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return URLScheme.of(trimmed).map { $0.count > 1 } ?? false
    }

    /// The feeds of an OPML file; an outline whose xmlUrl planet cannot read is skipped with a warning.
    private static func opml(_ data: Data, file: URL, io: CommandIO, command: String) throws(Failure) -> Source {
        let outlines: [OPMLOutline]
        let title: String?
        do {
            (title, outlines) = try OPMLReader.document(data)
        } catch {
            throw Failure(message: "\(file.relativePath): \(error.description)")
        }
        guard !outlines.isEmpty else {
            throw Failure(
                message: "\(file.relativePath): no feeds found (expected <outline xmlUrl=\"…\"> in the OPML body)")
        }
        var feeds: [(Subscription, String?)] = []
        for outline in outlines {
            // OPML 2.0 spec, <outline> type="rss": xmlUrl is the feed's address. A relative one
            // ("feed.xml", "feeds/a.xml") would otherwise read as a host name, as `planet add
            // example.org` does; a scheme-less "host.example/path" is still taken as https.
            guard !isRelativeReference(outline.xmlURL) else {
                io.message(
                    "\(command): warning: \(file.relativePath): skipped '\(URLText.removingUserinfo(outline.xmlURL))': "
                        + "xmlUrl is not an absolute URL (expected e.g. https://example.org/feed.xml)")
                continue
            }
            let url: URL
            do {
                url = try FeedURLNormalizer.normalize(outline.xmlURL, currentDirectory: io.currentDirectory)
            } catch {
                io.message("\(command): warning: \(file.relativePath): skipped: \(error.description)")
                continue
            }
            let group = outline.folders.isEmpty ? nil : outline.folders.joined(separator: " / ")
            // `planet export` (like other readers) writes the URL as the text of an unnamed feed.
            let name = outline.title == outline.xmlURL || outline.title == url.absoluteString ? nil : outline.title
            feeds.append((Subscription(url: url, name: name, settings: outlineSettings(outline)), group))
        }
        return Source(list: ImportedList(feeds: feeds, settings: title.map { [("title", $0)] } ?? []))
    }

    /// What an outline says beyond its feed, as per-feed settings `planet export` writes back:
    /// `htmlUrl` as `link` (the feed's site, as Venus's per-feed `link`), `category` as
    /// `category = a, b` (templates: `channel_category`).
    static func outlineSettings(_ outline: OPMLOutline) -> FeedSettings {
        var pairs: [FeedSettings.Pair] = []
        if let site = outline.htmlURL, URLScheme.hasHTTPScheme(site) { pairs.append(.init(key: "link", value: site)) }
        if !outline.categories.isEmpty {
            pairs.append(.init(key: "category", value: outline.categories.joined(separator: ", ")))
        }
        return FeedSettings(pairs)
    }

    /// `feeds` without the local files (`file:` URLs: what a path or `file://` in the list
    /// becomes), each skipped with a warning naming it and `--allow-files`.
    private static func localFilesSkipped(
        _ feeds: [(subscription: Subscription, group: String?)], file: URL,
        io: CommandIO, command: String
    ) -> [(subscription: Subscription, group: String?)] {
        feeds.filter { feed in
            guard feed.subscription.url.isFileURL else { return true }
            io.message(
                "\(command): warning: \(file.relativePath): skipped the local file '\(feed.subscription.url.path)' "
                    + "(pass --allow-files to import local files)")
            return false
        }
    }

    /// The feeds and settings of a Planet Venus config.ini.
    private static func venus(_ data: Data, file: URL) throws(Failure) -> Source {
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure(message: "\(file.relativePath): is neither OPML nor UTF-8 text")
        }
        let config = VenusConfig.parse(text)
        guard !config.subscriptions.isEmpty || !config.readingLists.isEmpty else {
            throw Failure(
                message: "\(file.relativePath): no feed sections found "
                    + "(expected '[https://…]' sections of a Planet Venus config.ini, or an OPML file)")
        }
        var source = Source(
            list: ImportedList(
                feeds: config.subscriptions.map {
                    (Subscription(url: $0.url, name: $0.name, settings: $0.settings), nil)
                }, settings: config.settings, readingLists: config.readingLists))
        source.ignored = config.ignored
        source.notes = config.notes
        let settingKeys = Set(config.subscriptions.flatMap { $0.settings.pairs.map(\.key) })
        source.theme = ThemeImport.read(config.theme, config: file, settings: settingKeys)
        let folder = file.absoluteURL.deletingLastPathComponent()
        for name in config.faces {
            var candidates = [folder.appendingPathComponent(name), folder.appendingPathComponent("images/" + name)]
            if let output = config.outputDirectory {
                // Planet 2.x: faces in output_dir/images/, output_dir relative to where planet.py ran.
                let roots = output.hasPrefix("/") ? [URL(fileURLWithPath: "/")] : ThemeImport.runnerFolders(of: file)
                candidates += roots.map { $0.appendingPathComponent(output + "/images/" + name) }
            }
            if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
                source.faces.append((name, found))
            } else {
                source.missingFaces.append(name)
            }
        }
        if !source.theme.files.isEmpty {
            // Planet 2.x and Venus themes link faces as images/NAME (`channel_face`); planet
            // publishes them as faces/NAME, and the theme's copy makes its links work.
            for face in source.faces {
                guard let data = try? Data(contentsOf: face.file) else { continue }
                source.theme.files.append(.init(path: Site.rootFolderName + "/images/" + face.name, data: data))
            }
            if !source.faces.isEmpty {
                source.theme.notes.append(
                    "faces are copied into templates/root/images/ too, where the theme links them "
                        + "(images/NAME); put the face of a feed added later there as well as in faces/")
            }
        }
        return source
    }

    /// Copies face files into `faces/` beside feeds.txt; a face already there is kept.
    private static func copyFaces(
        _ faces: [(name: String, file: URL)], beside feeds: URL, io: CommandIO, command: String
    ) {
        let folder = feeds.absoluteURL.deletingLastPathComponent().appendingPathComponent("faces", isDirectory: true)
        for face in faces {
            let target = folder.appendingPathComponent(face.name)
            guard !FileManager.default.fileExists(atPath: target.path) else { continue }
            do {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: face.file, to: target)
            } catch {
                io.message(
                    "\(command): warning: face '\(face.name)' could not be copied to faces/ "
                        + "(\(FeedsFile.reason(error)))"
                )
            }
        }
    }
}
