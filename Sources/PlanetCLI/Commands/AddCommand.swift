import Foundation
import Planet
import PlanetSubscriptions

/// `planet add URL [NAME]`: adds one feed to feeds.txt, checking first that it is a feed (or
/// finding the feed of a web page).
enum AddCommand: Subcommand {
    static let spec = CommandSpec(
        name: "add",
        summary: "add a feed to feeds.txt",
        arguments: [.init(name: "URL", help: "The feed or its web page (example.org/feed gets https://), or a file path."),
                    .init(name: "NAME", help: "Display name; default: the feed's title.", isOptional: true)],
        options: [FeedsFile.option,
                  .init(name: "no-fetch", help: "Add without fetching (no check, no default name)."),
                  .init(name: "pick", value: "N", help: "When a page links several feeds, take the Nth.",
                        defaultText: "1"),
                  .init(name: "timeout", value: "SECONDS", help: "Time allowed to each fetch.", defaultText: "30")],
        discussion: "A web page is searched for <link rel=\"alternate\"> feeds (RSS, Atom, JSON Feed).\n"
            + "A feed already listed (URLs compared after normalization) is left as it is.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) async -> Int32 {
        let name = arguments.positional(1)
        let url: URL
        let timeout: Double
        let pick: Int?
        do {
            pick = arguments.value("pick") == nil ? nil : try arguments.int("pick", default: 1, in: 1...100)
            timeout = try arguments.seconds("timeout", default: 30)
        } catch {
            io.message(error.description)
            return ExitStatus.usage
        }
        do {
            url = try FeedURLNormalizer.normalize(arguments.positionals[0], currentDirectory: io.currentDirectory) {
                FileManager.default.fileExists(atPath: $0.path)
            }
        } catch {
            io.message("\(arguments.command): \(error.description)")
            return ExitStatus.usage
        }
        guard let list = FeedsFile.load(arguments, io: io) else { return ExitStatus.usage }
        if let present = list.subscription(sameAs: url) {
            io.line(alreadyListed(present, in: list))
            return ExitStatus.success
        }
        var subscription = Subscription(url: url, name: name)
        if !arguments.flag("no-fetch") {
            do {
                let found = try await FeedCheck.check(url, pick: pick, timeout: timeout, io: io)
                subscription = Subscription(url: found.url, name: name ?? found.title)
            } catch {
                io.message("\(arguments.command): \(error.message)")
                return error.status
            }
            if let present = list.subscription(sameAs: subscription.url) {
                io.line(alreadyListed(present, in: list))
                return ExitStatus.success
            }
        }
        // Under the lock, against feeds.txt as it is now: another edit may have saved meanwhile.
        let chosen = subscription
        let present = FeedsFile.edit(arguments, io: io) { list -> Subscription? in
            if let present = list.subscription(sameAs: chosen.url) { return present }
            list.add(chosen)
            return nil
        }
        guard let present else { return ExitStatus.usage }
        if let present {
            io.line(alreadyListed(present, in: list))
            return ExitStatus.success
        }
        io.line("added \(FeedsFile.label(subscription)) to \(list.file.relativePath)")
        return ExitStatus.success
    }

    private static func alreadyListed(_ present: Subscription, in list: FeedList) -> String {
        "\(FeedsFile.label(present)) is already in \(list.file.relativePath) (line \(present.line)); nothing changed"
    }
}
