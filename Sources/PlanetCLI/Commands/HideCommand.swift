import FeedParser
import Foundation
import Planet
import PlanetBase
import PlanetCache

/// `planet hide URL|ID` and `planet unhide URL|ID`: take one entry off the planet (page and
/// feeds) without removing its feed, and put it back. Kept in the cache; `planet list --hidden`
/// lists them.
enum HideCommand: Subcommand {
    static let spec = CommandSpec(
        name: "hide",
        summary: "take one entry off the planet without removing its feed",
        arguments: [
            .init(
                name: "URL|ID",
                help: "The entry's link, or its id as its feed gives it (RSS guid, Atom id), exactly.")
        ],
        options: [FeedsFile.config, cache],
        discussion: "The entry must be in the cache (a build fetched it); anything else is refused (exit 2) and "
            + "nothing changes. Its link is where its title links on the page; 'planet parse FEED --json' shows "
            + "each entry's link and id (the feeds are in 'planet list'). An id of the form urn:planet:… is "
            + "planet's own, in rss.xml and atom.xml, and is not accepted.\n"
            + "The entry stays in the cache and disappears from the page and the planet's feeds on the "
            + "next build (--offline too). 'planet unhide' puts it back; 'planet list --hidden' lists hidden entries.")

    /// `--cache FILE`, of `hide` and `unhide`.
    static let cache = CommandSpec.Option(
        name: "cache", value: "FILE", help: "The SQLite cache.",
        defaultText: ".planet/cache.sqlite beside feeds.txt")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        await change(arguments, io: io, hiding: true)
    }

    static func change(_ arguments: ParsedArguments, io: CommandIO, hiding: Bool) async -> ExitStatus {
        let value = arguments.positionals[0]
        let quoted = QuotedInput.excerpt(value)
        let command = arguments.command
        let path = FeedsFile.cacheURL(arguments, Self.cache, io: io).path
        // No cache, no entry: nothing to hide or show, and no cache is created for it.
        guard FileManager.default.fileExists(atPath: path) else {
            io.message(
                hiding
                    ? "\(command): no cache at '\(path)' yet, so no entry to hide: run 'planet build' first "
                        + "(or give --cache FILE); nothing was hidden"
                    : "\(command): '\(quoted)' is not hidden (no cache at '\(path)')")
            return ExitStatus.usage
        }
        do {
            let cache = try FeedCache(path: path)
            // A value hidden before stays acceptable (its entries may have left the cache since).
            let hiddenBefore = try await cache.hidden().contains { $0.value == value }
            if hiding, !hiddenBefore, let problem = try await unknownEntry(value, cache: cache, path: path) {
                io.message("\(command): \(problem); nothing was hidden")
                return ExitStatus.usage
            }
            let changed = hiding ? try await cache.hide(value, now: Date()) : try await cache.unhide(value)
            switch (hiding, changed) {
            case (true, true): io.confirm("hid '\(quoted)'; the next build leaves it out")
            case (true, false): io.line("'\(quoted)' was already hidden")
            case (false, true): io.confirm("'\(quoted)' is shown again from the next build")
            case (false, false):
                io.message("\(command): '\(quoted)' is not hidden; 'planet list --hidden' lists hidden entries")
                return ExitStatus.usage
            }
            return ExitStatus.success
        } catch {
            io.message("\(command): \(error.description)")
            return ExitStatus.usage
        }
    }

    /// Why `value` names no entry of the cache at `path` (the build hides an entry whose id or
    /// link is exactly the value), with what is accepted and how to find it; nil when it names one.
    /// - Throws: `CacheError`.
    static func unknownEntry(_ value: String, cache: FeedCache, path: String) async throws(CacheError) -> String? {
        guard try await cache.entries(withIDOrLink: value, limit: 1).isEmpty else { return nil }
        var text = "'\(QuotedInput.excerpt(value))' is not the link or the id of an entry in the cache ('\(path)')"
        if value.hasPrefix("urn:planet:") {
            text += "; urn:planet:… ids are planet's own, made for rss.xml and atom.xml: give the entry's link"
        } else if let near = try await cache.links(near: value).first {
            text += "; an entry links '\(near)': give that link exactly"
        } else {
            text +=
                "; give an entry's link (where its title links on the page) or its id as its feed gives it "
                + "(RSS guid, Atom id): 'planet parse FEED --json' shows both, 'planet list' the feeds"
        }
        return text
    }

    /// `planet list --hidden`: one line per hidden value, `VALUE  HIDDEN-AT` (RFC 3339 UTC), or
    /// with `json` the array `[{"value", "hidden_at"}]` (`ListCommand.jsonText`), in the order they
    /// were hidden, from the cache at `url` (none, or no cache: no line, `[]`); `command`
    /// (`planet list`) heads its error messages.
    static func list(cache url: URL, json: Bool, command: String, io: CommandIO) async -> ExitStatus {
        var hidden: [(value: String, hiddenAt: Date)] = []
        if FileManager.default.fileExists(atPath: url.path) {
            do {
                let cache = try FeedCache(readingOnly: url.path)
                if try await cache.hasSchema() { hidden = try await cache.hidden() }
            } catch {
                io.message("\(command): \(error.description)")
                return ExitStatus.usage
            }
        }
        if json {
            let objects: [[String: Any]] = hidden.map { item in
                ["value": item.value, "hidden_at": FeedDateParser.rfc3339(item.hiddenAt)]
            }
            io.out(ListCommand.jsonText(objects) + "\n")
        } else if hidden.isEmpty {
            // Said on standard error: the listing itself (standard output) stays empty for scripts.
            io.message("\(command): nothing is hidden ('planet hide URL|ID' hides an entry)")
        } else {
            for item in hidden { io.line("\(item.value)  \(FeedDateParser.rfc3339(item.hiddenAt))") }
        }
        return ExitStatus.success
    }
}

/// `planet unhide URL|ID`: shows again an entry hidden with `planet hide`.
enum UnhideCommand: Subcommand {
    static let spec = CommandSpec(
        name: "unhide",
        summary: "show again an entry hidden with 'planet hide'",
        arguments: [.init(name: "URL|ID", help: "The link or id given to 'planet hide'.")],
        options: [FeedsFile.config, HideCommand.cache])

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitStatus {
        await HideCommand.change(arguments, io: io, hiding: false)
    }
}
