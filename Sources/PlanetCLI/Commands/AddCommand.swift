import FeedParser
import Foundation
import Planet

/// `planet add URL [NAME]`: adds one feed to feeds.txt, checking first that it is a feed.
enum AddCommand: Subcommand {
    static let spec = CommandSpec(
        name: "add",
        summary: "add a feed to feeds.txt",
        arguments: [.init(name: "URL", help: "The feed (example.org/feed gets https://), or a file path."),
                    .init(name: "NAME", help: "Display name; default: the feed's title.", isOptional: true)],
        options: [FeedsFile.option,
                  .init(name: "no-fetch", help: "Add without fetching (no check, no default name)."),
                  .init(name: "pick", value: "N", help: "When a page links several feeds, take the Nth.",
                        defaultText: "1"),
                  .init(name: "timeout", value: "SECONDS", help: "Time allowed to the fetch.", defaultText: "30")],
        discussion: "A feed already listed (after normalization) is left as it is.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> Int32 {
        let typed = arguments.positionals[0]
        var name = arguments.positional(1)
        let url: URL
        let timeout: Double
        do {
            _ = try arguments.int("pick", default: 1, in: 1...100)
            timeout = try arguments.seconds("timeout", default: 30)
            url = try FeedURLNormalizer.normalize(typed, currentDirectory: io.currentDirectory) {
                FileManager.default.fileExists(atPath: $0.path)
            }
        } catch let error as UsageError {
            io.message(error.description)
            return ExitStatus.usage
        } catch {
            io.message("\(arguments.command): \(error)")
            return ExitStatus.usage
        }
        guard var list = FeedsFile.load(arguments, io: io) else { return ExitStatus.usage }
        if let present = list.subscriptions.first(where: { $0.url == url }) {
            io.line("\(FeedsFile.label(present)) is already in \(list.file.relativePath) "
                + "(line \(present.line)); nothing changed")
            return ExitStatus.success
        }
        if !arguments.flag("no-fetch") {
            switch await check(url, io: io, timeout: timeout) {
            case .feed(let title): name = name ?? title
            case .failed(let message, let status):
                io.message("\(arguments.command): \(message)")
                return status
            }
        }
        let subscription = Subscription(url: url, name: name)
        list.add(subscription)
        guard FeedsFile.save(list, arguments, io: io) else { return ExitStatus.usage }
        io.line("added \(FeedsFile.label(subscription)) to \(list.file.relativePath)")
        return ExitStatus.success
    }

    private enum Check {
        case feed(title: String?)
        case failed(String, status: Int32)
    }

    /// Fetches and parses the feed; its title becomes the default name.
    private static func check(_ url: URL, io: CommandIO, timeout: Double) async -> Check {
        let document: DocumentSource.Document
        do {
            document = try await DocumentSource.load(url.absoluteString, io: io, timeout: timeout)
        } catch let failure as DocumentSource.Failure {
            return .failed(failure.message + "; --no-fetch adds it without checking",
                           status: failure.isInput ? ExitStatus.usage : ExitStatus.failure)
        } catch {
            return .failed("\(error)", status: ExitStatus.failure)
        }
        do {
            let feed = try Feed.parse(document.data, url: document.url, contentType: document.contentType)
            return .feed(title: feed.title.flatMap { $0.isEmpty ? nil : $0 })
        } catch {
            // TODO: autodiscovery (<link rel="alternate">) once an HTML reader is available.
            return .failed("\(error.description); give the feed's own URL, or --no-fetch",
                           status: ExitStatus.usage)
        }
    }
}
