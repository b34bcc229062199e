import Foundation
import Planet
import PlanetBase
import PlanetSubscriptions

/// feeds.txt for the commands that read or edit it: the `--config` option, loading with
/// messages on stderr, atomic saving.
enum FeedsFile {
    /// `--config FILE`, in the table of every command that reads or edits feeds.txt.
    static let config = CommandSpec.Option(
        name: "config", value: "FILE", help: "The subscription list.",
        defaultText: "./feeds.txt")

    /// The `--config` file, relative to the current folder.
    static func url(_ arguments: ParsedArguments, io: CommandIO) -> URL {
        io.fileURL(arguments.value(config) ?? "feeds.txt")
    }

    /// The cache of the option `cache` (`--cache FILE`), else `.planet/cache.sqlite` beside feeds.txt.
    static func cacheURL(_ arguments: ParsedArguments, _ cache: CommandSpec.Option, io: CommandIO) -> URL {
        arguments.value(cache).map { io.fileURL($0) }
            ?? url(arguments, io: io).absoluteURL.deletingLastPathComponent()
            .appendingPathComponent(".planet/cache.sqlite")
    }

    /// Loads feeds.txt; on error prints `planet CMD: feeds.txt:LINE: …` and returns nil.
    /// Warnings are printed on stderr.
    /// - Parameter creating: a missing file gives an empty list (saved as a new file) instead
    ///   of an error.
    static func load(_ arguments: ParsedArguments, io: CommandIO, creating: Bool = false) -> FeedList? {
        let file = url(arguments, io: io)
        do {
            let list = try FeedList.load(file)
            for warning in list.warnings { io.message("\(arguments.command): warning: \(warning)") }
            return list
        } catch  where creating && error.reason == .missing {
            return FeedList(file: file)
        } catch {
            io.message("\(arguments.command): \(error.description)")
            return nil
        }
    }

    /// Edits feeds.txt under its lock (`FeedList.edit`): reads it as it is now, runs `body`,
    /// saves; warnings and errors are printed as `load` prints them.
    /// - Returns: what `body` returned, nil after an error (printed; the file is untouched).
    static func edit<T>(
        _ arguments: ParsedArguments, io: CommandIO, creating: Bool = false,
        _ body: (inout FeedList) throws(FeedListError) -> T
    ) -> T? {
        do {
            return try FeedList.edit(url(arguments, io: io), creating: creating, body)
        } catch {
            io.message("\(arguments.command): \(error.description)")
            return nil
        }
    }

    /// `'URL' (Name)` for messages.
    static func label(_ subscription: Subscription) -> String {
        "'\(URLText.removingUserinfo(subscription.url.absoluteString))'" + (subscription.name.map { " (\($0))" } ?? "")
    }

    /// The system's reason for a failed read, e.g. `No such file or directory`.
    static func reason(_ error: any Error) -> String {
        if let underlying = (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return error.localizedDescription
    }
}
