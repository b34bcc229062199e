import FeedParser
import Foundation
import Planet
import PlanetCache

/// `planet hide URL|ID` and `planet unhide URL|ID`: take one entry off the planet (page and
/// feeds) without removing its feed, and put it back. Kept in the cache; `planet list --hidden`
/// lists them.
enum HideCommand: Subcommand {
    static let spec = CommandSpec(
        name: "hide",
        summary: "take one entry off the planet without removing its feed",
        arguments: [.init(name: "URL|ID", help: "The entry's link, or its id (RSS guid, Atom id).")],
        options: [FeedsFile.config, cache],
        discussion: "The entry stays in the cache and disappears from the page and the planet's feeds on the "
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
        do {
            let cache = try FeedCache(path: FeedsFile.cacheURL(arguments, Self.cache, io: io).path)
            let changed = hiding ? try await cache.hide(value, now: Date()) : try await cache.unhide(value)
            switch (hiding, changed) {
            case (true, true): io.line("hid '\(value)'; the next build leaves it out")
            case (true, false): io.line("'\(value)' was already hidden")
            case (false, true): io.line("'\(value)' is shown again from the next build")
            case (false, false):
                io.message(
                    "\(arguments.command): '\(value)' is not hidden; 'planet list --hidden' lists hidden entries")
                return ExitStatus.usage
            }
            return ExitStatus.success
        } catch {
            io.message("\(arguments.command): \(error.description)")
            return ExitStatus.usage
        }
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
